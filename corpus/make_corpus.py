#!/usr/bin/env python3
"""Makes a varied corpus of real files, with the correct type of each, for measuring type accuracy.

Usage: corpus/make_corpus.py OUTDIR

Writes OUTDIR/files/* and OUTDIR/truth.tsv ("name<TAB>type[|also-right...]"). Files are made by
real tools: ImageMagick (/usr/bin/convert), heif-enc, ffmpeg, zip/gzip/tar/bzip2/xz/zstd from
Debian, and python-docx, openpyxl, python-pptx, odfpy, EbookLib, fpdf2, icalendar, vobject from
PyPI; text files are written as people write them. Everything is deterministic (seeded).
Needs: apt-get install imagemagick libheif-examples ffmpeg zip zstd python3-cairo;
       pip install python-docx openpyxl python-pptx odfpy EbookLib pillow fpdf2 icalendar vobject spdx-tools pycollada.

The truth column is share-route's canonical name for the type (docs/sniffing.md#libmagics-answers);
where two names are equally right (an ASF container holding WMV video), both are listed.
"""
import csv, gzip, io, json, os, random, shutil, subprocess, sys, zipfile

OUT = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else sys.exit(__doc__)
FILES = os.path.join(OUT, "files")
IM = "/usr/bin/convert"
shutil.rmtree(FILES, ignore_errors=True)
os.makedirs(FILES)
os.chdir(FILES)
truth = []
rng = random.Random(20261122)


def add(name, *types):
    assert os.path.exists(name), name
    truth.append((name, "|".join(types)))


def run(*args):
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def ff(*args):
    run("ffmpeg", "-nostdin", "-loglevel", "error", "-y", *args)


def write(name, text, *types, encoding="utf-8"):
    with open(name, "w", encoding=encoding, newline="") as f:
        f.write(text)
    add(name, *types)


def rezip(src, dst, order):
    """Rewrites a ZIP with its members in a different order (order: key function on names)."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in sorted(zin.infolist(), key=lambda i: order(i.filename)):
            zout.writestr(info.filename, zin.read(info.filename), zipfile.ZIP_DEFLATED)


# ---------------------------------------------------------------- images
for i, (size, q, extra) in enumerate([("64x48", 85, []), ("320x240", 60, []), ("128x128", 92, ["-interlace", "Plane"]),
                                        ("800x600", 75, []), ("33x17", 50, ["-colorspace", "Gray"]), ("200x100", 80, [])]):
    run(IM, "-seed", str(i + 1), "-size", size, "plasma:fractal", "-quality", str(q), *extra, f"img{i}.jpg")
    add(f"img{i}.jpg", "image/jpeg")
for i, extra in enumerate([[], ["-type", "Palette"], ["-colorspace", "Gray"], ["-alpha", "set", "-channel", "A", "-evaluate", "set", "50%"], ["-interlace", "PNG"]]):
    run(IM, "-size", "96x64", "gradient:navy-gold", *extra, f"img{i}.png")
    add(f"img{i}.png", "image/png")
run(IM, "-size", "40x40", "xc:green", "still.gif"); add("still.gif", "image/gif")
run(IM, "-delay", "20", "-size", "32x32", "xc:red", "xc:blue", "xc:white", "-loop", "0", "anim.gif"); add("anim.gif", "image/gif")
for i, extra in enumerate([["-quality", "80"], ["-define", "webp:lossless=true"], ["-quality", "30"]]):
    run(IM, "-size", "90x60", "gradient:red-blue", *extra, f"img{i}.webp"); add(f"img{i}.webp", "image/webp")
run(IM, "-size", "50x50", "gradient:white-black", "img.bmp"); add("img.bmp", "image/bmp")
run(IM, "-size", "50x50", "gradient:white-black", "-type", "Palette", "img8.bmp"); add("img8.bmp", "image/bmp")
run(IM, "-size", "50x50", "gradient:pink-gray", "img.tiff"); add("img.tiff", "image/tiff")
run(IM, "-size", "50x50", "gradient:pink-gray", "-compress", "LZW", "img-lzw.tif"); add("img-lzw.tif", "image/tiff")
run(IM, "-size", "32x32", "xc:orange", "favicon.ico"); add("favicon.ico", "image/vnd.microsoft.icon")
run("heif-enc", "-q", "40", "-o", "img.heic", "img0.png"); add("img.heic", "image/heic")
run("heif-enc", "-q", "40", "-o", "img2.heic", "img3.png"); add("img2.heic", "image/heic")
from PIL import Image  # Pillow's wheels carry libavif
Image.open("img0.png").convert("RGB").save("img.avif", quality=40); add("img.avif", "image/avif")
Image.open("img3.png").save("img2.avif", quality=40); add("img2.avif", "image/avif")
# Mislabelled images: the content decides.
shutil.copy("img0.webp", "webp-named.jpg"); add("webp-named.jpg", "image/webp")
shutil.copy("img0.png", "png-named.jpg"); add("png-named.jpg", "image/png")
shutil.copy("img1.jpg", "jpeg-named.png"); add("jpeg-named.png", "image/jpeg")
shutil.copy("img.heic", "heic-named.jpg"); add("heic-named.jpg", "image/heic")
shutil.copy("img.avif", "avif-named.png"); add("avif-named.png", "image/avif")

SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>\n'
write("plain.svg", SVG, "image/svg+xml")
write("decl.svg", '<?xml version="1.0" encoding="UTF-8"?>\n' + SVG, "image/svg+xml")
write("comment.svg", "<!-- Generator: Adobe Illustrator 27.0, SVG Export Plug-In -->\n" + SVG, "image/svg+xml")
write("doctype.svg", '<?xml version="1.0" standalone="no"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" '
      '"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' + SVG, "image/svg+xml")
write("inkscape.svg", '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!-- Created with Inkscape (http://www.inkscape.org/) -->\n\n'
      '<svg\n   width="210mm"\n   height="297mm"\n   viewBox="0 0 210 297"\n   version="1.1"\n   xmlns="http://www.w3.org/2000/svg">\n'
      '  <g id="layer1"><circle cx="50" cy="50" r="40" /></g>\n</svg>\n', "image/svg+xml")
for name, src in [("plain.svgz", "plain.svg"), ("comment.svgz", "comment.svg")]:
    with open(src, "rb") as f, gzip.GzipFile(name, "wb", mtime=0) as g:
        g.write(f.read())
    add(name, "image/svg+xml")

# ---------------------------------------------------------------- audio
tone = ["-f", "lavfi", "-i", "sine=frequency=440:duration=1"]
ff(*tone, "-c:a", "libmp3lame", "-b:a", "32k", "a.mp3"); add("a.mp3", "audio/mpeg")
run(IM, "-seed", "7", "-size", "300x300", "plasma:", "-quality", "95", "cover-small.jpg")
run(IM, "-seed", "8", "-size", "700x700", "plasma:", "-quality", "97", "cover-big.jpg")
ff(*tone, "-i", "cover-small.jpg", "-map", "0", "-map", "1", "-c:a", "libmp3lame", "-b:a", "32k", "-c:v", "copy",
   "-id3v2_version", "3", "cover.mp3"); add("cover.mp3", "audio/mpeg")
ff(*tone, "-i", "cover-big.jpg", "-map", "0", "-map", "1", "-c:a", "libmp3lame", "-b:a", "32k", "-c:v", "copy",
   "-id3v2_version", "4", "big-cover.mp3"); add("big-cover.mp3", "audio/mpeg")
os.remove("cover-small.jpg"); os.remove("cover-big.jpg")
ff(*tone, "-c:a", "pcm_s16le", "a.wav"); add("a.wav", "audio/wav")
ff(*tone, "-c:a", "pcm_u8", "-ar", "8000", "b.wav"); add("b.wav", "audio/wav")
ff(*tone, "-c:a", "flac", "a.flac"); add("a.flac", "audio/flac")
ff(*tone, "-c:a", "libvorbis", "a.ogg"); add("a.ogg", "audio/x-vorbis+ogg")
ff(*tone, "-c:a", "libopus", "a.opus"); add("a.opus", "audio/x-opus+ogg")
ff(*tone, "-c:a", "aac", "-b:a", "32k", "a.m4a"); add("a.m4a", "audio/mp4")
ff(*tone, "-c:a", "aac", "-b:a", "32k", "-f", "mp4", "audio-only.mp4"); add("audio-only.mp4", "audio/mp4")
ff(*tone, "-c:a", "aac", "-b:a", "32k", "-movflags", "+faststart", "fast.m4a"); add("fast.m4a", "audio/mp4")
ff(*tone, "-c:a", "aac", "-b:a", "32k", "-f", "adts", "a.aac"); add("a.aac", "audio/aac")
ff("-f", "lavfi", "-i", "sine=frequency=300:duration=2", "-c:a", "aac", "-b:a", "64k", "-f", "adts", "b.aac"); add("b.aac", "audio/aac")
ff(*tone, "-c:a", "wmav2", "-b:a", "32k", "a.wma"); add("a.wma", "audio/x-ms-wma")
ff("-f", "lavfi", "-i", "sine=frequency=880:duration=2", "-c:a", "wmav2", "-b:a", "64k", "b.wma"); add("b.wma", "audio/x-ms-wma")
ff(*tone, "-c:a", "pcm_s16be", "-f", "caf", "a.caf"); add("a.caf", "audio/x-caf")
ff(*tone, "-c:a", "alac", "-f", "caf", "b.caf"); add("b.caf", "audio/x-caf")
ff(*tone, "-c:a", "pcm_s16be", "a.aiff"); add("a.aiff", "audio/aiff")
shutil.copy("a.m4a", "m4a-named.mp3"); add("m4a-named.mp3", "audio/mp4")

# ---------------------------------------------------------------- video
src = ["-f", "lavfi", "-i", "testsrc=size=96x64:rate=10", "-t", "1"]
x264 = ["-c:v", "libx264", "-pix_fmt", "yuv420p"]
ff(*src, *x264, "v.mp4"); add("v.mp4", "video/mp4")
ff(*src, *x264, "-movflags", "+faststart", "fast.mp4"); add("fast.mp4", "video/mp4")
ff(*src, "-f", "lavfi", "-i", "sine=duration=1", "-t", "1", *x264, "-c:a", "aac", "av.mp4"); add("av.mp4", "video/mp4")
ff(*src, *x264, "v.mov"); add("v.mov", "video/quicktime")
shutil.copy("v.mov", "mov-named.mp4"); add("mov-named.mp4", "video/quicktime")
ff(*src, *x264, "v.mkv"); add("v.mkv", "video/x-matroska")
ff(*src, "-c:v", "libvpx" if False else "mpeg4", "v.avi"); add("v.avi", "video/x-msvideo")
ff(*src, "-c:v", "libaom-av1", "-cpu-used", "8", "-crf", "50", "v.webm"); add("v.webm", "video/webm")
ff(*src, *x264, "-f", "mpegts", "v.ts"); add("v.ts", "video/mp2t")
ff(*src, "-c:v", "mpeg2video", "-f", "mpegts", "v2.ts"); add("v2.ts", "video/mp2t")
ff(*src, "-c:v", "mpeg2video", "-f", "mpegts", "-mpegts_m2ts_mode", "1", "v.m2ts"); add("v.m2ts", "video/mp2t")
ff(*src, "-c:v", "wmv2", "v.wmv"); add("v.wmv", "video/x-ms-wmv", "video/x-ms-asf")
ff(*src, "-c:v", "mpeg2video", "-f", "vob", "v.mpg"); add("v.mpg", "video/mpeg")
ff(*src, "-s", "176x144", "-c:v", "mpeg4", "-f", "3gp", "v.3gp"); add("v.3gp", "video/3gpp")

# ---------------------------------------------------------------- documents
from fpdf import FPDF
pdf = FPDF(); pdf.add_page(); pdf.set_font("helvetica", size=12)
pdf.cell(text="Expense report, November."); pdf.output("a.pdf"); add("a.pdf", "application/pdf")
pdf = FPDF(); pdf.add_page(); pdf.set_font("helvetica", size=12)
for line in range(30):
    pdf.cell(text=f"Line {line}: receipts, taxis, hotels.", new_x="LMARGIN", new_y="NEXT")
pdf.output("b.pdf"); add("b.pdf", "application/pdf")
with open("a.pdf", "rb") as f:
    body = f.read()
with open("crlf-before.pdf", "wb") as f:
    f.write(b"\r\n\r\n" + body)
add("crlf-before.pdf", "application/pdf")
shutil.copy("a.pdf", "pdf-named.txt"); add("pdf-named.txt", "application/pdf")

from docx import Document
doc = Document(); doc.add_heading("Letter", 1); doc.add_paragraph("Dear reader, this is a Word document.")
doc.save("a.docx"); add("a.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document")
rezip("a.docx", "reordered.docx", lambda n: (not n.startswith("word/"), n))
add("reordered.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document")
rezip("a.docx", "docx-last-types.docx", lambda n: (n == "[Content_Types].xml", n))
add("docx-last-types.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document")
shutil.copy("a.docx", "docx-named.zip"); add("docx-named.zip", "application/vnd.openxmlformats-officedocument.wordprocessingml.document")

import openpyxl
wb = openpyxl.Workbook(); ws = wb.active
for r in range(1, 20):
    ws.append([r, f"item {r}", r * 1.5])
wb.save("a.xlsx"); add("a.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
rezip("a.xlsx", "reordered.xlsx", lambda n: (not n.startswith("xl/"), sorted([n])[0][::-1]))
add("reordered.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
# The same workbook saved as a template: only [Content_Types].xml's main part type differs.
wb.template = True
wb.save("a.xltx"); add("a.xltx", "application/vnd.openxmlformats-officedocument.spreadsheetml.template")

from pptx import Presentation
prs = Presentation(); s = prs.slides.add_slide(prs.slide_layouts[0]); s.shapes.title.text = "Routing shares"
prs.save("a.pptx"); add("a.pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation")
rezip("a.pptx", "reordered.pptx", lambda n: (not n.startswith("ppt/slides"), n))
add("reordered.pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation")

from odf.opendocument import OpenDocumentText, OpenDocumentSpreadsheet, OpenDocumentPresentation
from odf.text import P
from odf.table import Table, TableRow, TableCell
from odf.draw import Page
from odf.style import MasterPage, PageLayout
t = OpenDocumentText(); t.text.addElement(P(text="An OpenDocument text.")); t.save("a.odt")
add("a.odt", "application/vnd.oasis.opendocument.text")
s = OpenDocumentSpreadsheet(); tb = Table(name="Sheet1"); tr = TableRow(); tr.addElement(TableCell()); tb.addElement(tr)
s.spreadsheet.addElement(tb); s.save("a.ods"); add("a.ods", "application/vnd.oasis.opendocument.spreadsheet")
p = OpenDocumentPresentation(); pl = PageLayout(name="pl"); p.automaticstyles.addElement(pl)
mp = MasterPage(name="Default", pagelayoutname=pl); p.masterstyles.addElement(mp)
p.presentation.addElement(Page(masterpagename=mp)); p.save("a.odp")
add("a.odp", "application/vnd.oasis.opendocument.presentation")
rezip("a.odt", "mimetype-last.odt", lambda n: (n == "mimetype", n))
add("mimetype-last.odt", "application/vnd.oasis.opendocument.text")
rezip("a.ods", "mimetype-last.ods", lambda n: (n == "mimetype", n))
add("mimetype-last.ods", "application/vnd.oasis.opendocument.spreadsheet")

from ebooklib import epub
book = epub.EpubBook(); book.set_identifier("share-route-1"); book.set_title("Routes"); book.set_language("en")
ch = epub.EpubHtml(title="One", file_name="one.xhtml", lang="en"); ch.content = "<h1>One</h1><p>Shares.</p>"
book.add_item(ch); book.toc = [ch]; book.spine = ["nav", ch]; book.add_item(epub.EpubNcx()); book.add_item(epub.EpubNav())
epub.write_epub("a.epub", book); add("a.epub", "application/epub+zip")
rezip("a.epub", "reordered.epub", lambda n: (n == "mimetype", n))
add("reordered.epub", "application/epub+zip")
write("a.rtf", r"{\rtf1\ansi\deff0 {\fonttbl {\f0 Times;}} \f0 Hello, rich text.\par }" + "\n", "text/rtf")

# PostScript and EPS as cairo writes them (Debian's python3-cairo, in the system Python), with the
# creation date fixed so that the corpus stays the same from run to run.
CAIRO = """
import cairo, sys
surface = cairo.PSSurface(sys.argv[1], 40, 40)
surface.set_eps(sys.argv[2] == "eps")
context = cairo.Context(surface)
context.set_source_rgb(0.8, 0.1, 0.1)
context.rectangle(5, 5, 30, 30)
context.fill()
surface.finish()
"""
for name, kind, truth_type in [("cairo.eps", "eps", "image/x-eps"), ("cairo.ps", "ps", "application/postscript")]:
    run("/usr/bin/python3", "-c", CAIRO, name, kind)
    with open(name, "rb") as f:
        lines = f.read().split(b"\n")
    lines = [b"%%CreationDate: Sun Nov 22 00:00:00 2026" if line.startswith(b"%%CreationDate:") else line for line in lines]
    with open(name, "wb") as f:
        f.write(b"\n".join(lines))
    add(name, truth_type)

# ---------------------------------------------------------------- archives and packages
with zipfile.ZipFile("a.zip", "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("notes.txt", "hello\n"); z.writestr("photos/readme.md", "# Photos\n")
add("a.zip", "application/zip")
shutil.copy("a.zip", "zip-named.docx"); add("zip-named.docx", "application/zip")
shutil.copy("a.zip", "zip-named.epub"); add("zip-named.epub", "application/zip")
run("zip", "-q", "-r", "tools.zip", "a.wav", "img0.png", "a.pdf"); add("tools.zip", "application/zip")
with zipfile.ZipFile("many.zip", "w", zipfile.ZIP_STORED) as z:
    for i in range(300):
        z.writestr(f"dir{i % 7}/file{i}.txt", f"{i}\n")
add("many.zip", "application/zip")
with zipfile.ZipFile("a.jar", "w", zipfile.ZIP_DEFLATED) as z:  # the layout the jar tool writes
    z.writestr("META-INF/", ""); z.writestr("META-INF/MANIFEST.MF", "Manifest-Version: 1.0\r\nMain-Class: app.Main\r\n\r\n")
    z.writestr("app/Main.class", bytes.fromhex("cafebabe0000003d") + bytes(64))
add("a.jar", "application/java-archive")
with zipfile.ZipFile("a.apk", "w", zipfile.ZIP_DEFLATED) as z:  # the members an APK always has
    z.writestr("AndroidManifest.xml", bytes.fromhex("03000800") + bytes(200))
    z.writestr("classes.dex", b"dex\n035\0" + bytes(104)); z.writestr("resources.arsc", bytes.fromhex("02000c00") + bytes(64))
    z.writestr("META-INF/MANIFEST.MF", "Manifest-Version: 1.0\r\n\r\n"); z.writestr("res/layout/main.xml", bytes(32))
add("a.apk", "application/vnd.android.package-archive")
with zipfile.ZipFile("a.ipa", "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("Payload/Routes.app/Info.plist", b"bplist00" + bytes(40)); z.writestr("Payload/Routes.app/Routes", bytes.fromhex("cffaedfe") + bytes(60))
add("a.ipa", "application/x-ios-app")
run("tar", "-cf", "a.tar", "a.wav", "img0.png"); add("a.tar", "application/x-tar")
run("tar", "-czf", "a.tar.gz", "a.wav", "img0.png"); add("a.tar.gz", "application/gzip")
run("tar", "-cjf", "a.tar.bz2", "a.wav"); add("a.tar.bz2", "application/x-bzip2")
run("tar", "-cJf", "a.tar.xz", "a.wav"); add("a.tar.xz", "application/x-xz")
run("zstd", "-q", "-f", "a.wav", "-o", "a.wav.zst"); add("a.wav.zst", "application/zstd")

# ---------------------------------------------------------------- text families
PROSE = ("The committee met on Tuesday, as planned, to discuss the budget. After a long debate, "
         "members agreed to postpone the decision until spring.\nNobody, it seems, was happy with that.\n")
write("prose.txt", PROSE, "text/plain")
write("prose-commas.txt", "Apples, pears, and plums, all ripe, all cheap.\nBread, milk, and eggs, as usual, for Sunday.\n", "text/plain")
write("one-line.txt", "call me back when you land\n", "text/plain")
write("unicode.txt", "Grüße aus Köln — see you soon.\nこんにちは、世界。\n", "text/plain")
write("starts-mz.txt", "MZ is the start of a Windows executable, but this is just a note.\n", "text/plain")
write("starts-pk.txt", "PK stands for penalty kick in these notes about the match.\n", "text/plain")
write("list.txt", "Shopping list\n\n- eggs\n- milk\n- bread\n", "text/plain")
write("notes-colon.txt", "Note: bring the forms.\nAlso remember the slides for the meeting tomorrow morning.\n", "text/plain")

def csv_text(rows, **kw):
    buf = io.StringIO(); csv.writer(buf, **kw).writerows(rows); return buf.getvalue()
rows = [["id", "name", "city", "amount"]] + [[i, rng.choice(["Ana", "Bo", "Chen", "Dee"]), rng.choice(["Lisbon", "Oslo", "Taipei"]), round(rng.random() * 100, 2)] for i in range(20)]
write("a.csv", csv_text(rows), "text/csv")
write("semicolon.csv", csv_text(rows, delimiter=";"), "text/csv")
write("quoted.csv", csv_text([["name", "comment"], ["Ana", "said \"hi\", then left"], ["Bo", "two\nlines"], ["Chen", "ok"]]), "text/csv")
write("ID.csv", csv_text([["ID", "value"], [1, "a"], [2, "b"], [3, "c"]]), "text/csv")
write("export.csv", "Date,Description,Amount\n2026-01-03,Taxi,12.50\n2026-01-04,Hotel,180.00\n2026-01-04,Dinner,42.10\n", "text/csv")
write("a.tsv", csv_text(rows, delimiter="\t"), "text/tab-separated-values")
write("b.tsv", "gene\tsample\tcount\nBRCA1\tS1\t10\nTP53\tS1\t7\nEGFR\tS2\t3\n", "text/tab-separated-values")
write("a.json", json.dumps({"name": "share-route", "version": 1, "tags": ["a", "b"]}), "application/json")
write("pretty.json", json.dumps({"items": [{"id": i, "ok": i % 2 == 0} for i in range(10)]}, indent=2) + "\n", "application/json")
write("array.json", json.dumps([1, 2, 3, {"x": None}]), "application/json")
write("a.md", "# Title\n\nSome *emphasis* and a [link](https://example.com).\n\n## Section\n\n- one\n- two\n", "text/markdown")
write("readme.md", "Project\n=======\n\nInstall with `make`.\n\n```sh\nmake install\n```\n\n1. Build\n2. Run\n", "text/markdown")
write("notes.md", "## Meeting\n\n**Decisions**\n\n* ship it\n* write docs\n\n> quote of the day\n", "text/markdown")
write("table.md", "| name | visits |\n|------|--------|\n| Ana  | 3      |\n| Bo   | 5      |\n\nSee [docs](docs/).\n", "text/markdown")
write("a.yaml", "name: share-route\nversion: 1\ntags:\n  - routing\n  - sniffing\nowner:\n  team: platform\n", "application/yaml")
write("compose.yml", "services:\n  web:\n    image: nginx:1.25\n    ports:\n      - \"8080:80\"\n  db:\n    image: postgres:16\n", "application/yaml")
write("doc.yaml", "---\n# handlers\n- id: gallery\n  label: Gallery\n- id: pdf\n  label: PDF viewer\n", "application/yaml")
write("ci.yml", "on: [push]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: swift test\n", "application/yaml")
write("share.puml", '@startuml\n\' How a share is routed\nactor Sender\nparticipant "share-route" as SR\ndatabase "magic.mgc" as DB\nSender -> SR : files, texts, links\nSR -> DB : sniff each file\nSR --> Sender : accepted handlers, best first\n@enduml\n', "text/x-plantuml")
write("proxy.pac", '// Office proxy: intranet direct, everything else through the proxy.\nfunction FindProxyForURL(url, host) {\n  if (isPlainHostName(host) || dnsDomainIs(host, ".corp.example.org")) {\n    return "DIRECT";\n  }\n  return "PROXY proxy.example.org:3128; DIRECT";\n}\n', "application/x-ns-proxy-autoconfig")
# A COLLADA scene, written by pycollada (PyPI), its dates fixed.
import collada, numpy
scene_file = collada.Collada()
effect = collada.material.Effect("effect0", [], "phong", diffuse=(1, 0, 0))
material = collada.material.Material("material0", "red", effect)
scene_file.effects.append(effect); scene_file.materials.append(material)
vertices = collada.source.FloatSource("verts-array", numpy.array([0, 0, 0, 1, 0, 0, 0, 1, 0], dtype=float), ("X", "Y", "Z"))
geometry = collada.geometry.Geometry(scene_file, "geometry0", "triangle", [vertices])
inputs = collada.source.InputList(); inputs.addInput(0, "VERTEX", "#verts-array")
geometry.primitives.append(geometry.createTriangleSet(numpy.array([0, 1, 2]), inputs, "materialref"))
scene_file.geometries.append(geometry)
node = collada.scene.Node("node0", children=[collada.scene.GeometryNode(geometry, [collada.scene.MaterialNode("materialref", material, inputs=[])])])
scene_file.scenes.append(collada.scene.Scene("scene0", [node])); scene_file.scene = scene_file.scenes[0]
from datetime import datetime
scene_file.assetInfo.created = scene_file.assetInfo.modified = datetime(2026, 11, 22)
scene_file.write("triangle.dae"); add("triangle.dae", "model/vnd.collada+xml")
# An SPDX document in tag-value form, written by spdx-tools (PyPI).
from datetime import datetime
from spdx_tools.spdx.model import Actor, ActorType, CreationInfo, Document, Package
from spdx_tools.spdx.writer.tagvalue.tagvalue_writer import write_document_to_file
sbom = Document(CreationInfo(
    spdx_version="SPDX-2.3", spdx_id="SPDXRef-DOCUMENT", name="share-route-sample", data_license="CC0-1.0",
    document_namespace="https://example.org/spdx/share-route-sample", creators=[Actor(ActorType.TOOL, "spdx-tools")],
    created=datetime(2026, 11, 22)))
sbom.packages = [Package(spdx_id="SPDXRef-libmagic", name="libmagic", download_location="https://www.darwinsys.com/file/")]
write_document_to_file(sbom, "sbom.spdx", validate=False); add("sbom.spdx", "text/spdx")
write("a.toml", "[package]\nname = \"share-route\"\nversion = \"0.1.0\"\n\n[dependencies]\nyams = \"6.2\"\n", "application/toml")
write("config.toml", "title = \"Example\"\nenabled = true\nports = [8001, 8002]\n\n[owner]\nname = \"Tom\"\ndob = 1979-05-27T07:32:00Z\n", "application/toml")
write("schema.sql", "CREATE TABLE shares (\n  id INTEGER PRIMARY KEY,\n  type TEXT NOT NULL\n);\nINSERT INTO shares (type) VALUES ('image/jpeg');\n", "application/sql")
write("query.sql", "-- monthly totals\nSELECT type, COUNT(*) AS n\nFROM shares\nWHERE created > '2026-01-01'\nGROUP BY type;\n", "application/sql")
write("a.css", "body {\n  margin: 0;\n  font-family: sans-serif;\n}\n.card > h2 { color: #333; }\n", "text/css")
write("media.css", "@media (max-width: 600px) {\n  .nav { display: none; }\n}\n#main, .side {\n  padding: 4px 8px;\n}\n", "text/css")
write("page.html", "<!DOCTYPE html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>Hi</title></head>\n<body><p>Hello</p></body>\n</html>\n", "text/html")
write("fragment.html", "<div class=\"card\">\n  <p>Hello <b>there</b></p>\n</div>\n", "text/html")
write("nodoctype.html", "<html>\n<head><title>Old page</title></head>\n<body>Hi</body>\n</html>\n", "text/html")
write("table.html", "<table>\n<tr><td>1</td><td>2</td></tr>\n</table>\n", "text/html")
write("a.xhtml", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd\">\n"
      "<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>X</title></head><body><p>x</p></body></html>\n", "application/xhtml+xml")
write("a.xml", "<?xml version=\"1.0\"?>\n<order id=\"7\"><item sku=\"A1\" qty=\"2\"/></order>\n", "application/xml")
write("nodecl.xml", "<order id=\"7\">\n  <item sku=\"A1\" qty=\"2\"/>\n  <item sku=\"B2\" qty=\"1\"/>\n</order>\n", "application/xml")
write("pom.xml", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<project xmlns=\"http://maven.apache.org/POM/4.0.0\">\n  <modelVersion>4.0.0</modelVersion>\n</project>\n", "application/xml")
write("feed.rss", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\"><channel><title>News</title><item><title>One</title></item></channel></rss>\n", "application/rss+xml")
write("feed.atom", "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>News</title><entry><title>One</title></entry></feed>\n", "application/atom+xml")
import vobject
card = vobject.vCard(); card.add("fn").value = "Ana Lima"; card.add("n").value = vobject.vcard.Name(family="Lima", given="Ana")
card.add("tel").value = "+351 210 000 000"
write("a.vcf", card.serialize(), "text/vcard")
write("v21.vcf", "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Bo;Oslo\r\nFN:Bo Oslo\r\nEND:VCARD\r\n", "text/vcard")
import icalendar, datetime
cal = icalendar.Calendar(); cal.add("prodid", "-//share-route//corpus//EN"); cal.add("version", "2.0")
ev = icalendar.Event(); ev.add("summary", "Review"); ev.add("dtstart", datetime.datetime(2026, 11, 23, 10)); ev.add("uid", "1@x")
cal.add_component(ev)
with open("a.ics", "wb") as f:
    f.write(cal.to_ical())
add("a.ics", "text/calendar")
write("b.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//y//EN\r\nBEGIN:VTODO\r\nUID:2@x\r\nSUMMARY:Pay\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", "text/calendar")
write("a.swift", "import Foundation\n\nstruct Route {\n  let id: String\n  var label: String\n}\n\nfunc pick(_ routes: [Route]) -> Route? {\n  guard let first = routes.first else { return nil }\n  return first\n}\n", "text/x-swift")
write("noimport.swift", "enum Kind: String {\n  case image, movie\n}\n\nextension Kind {\n  func isMedia() -> Bool {\n    let media: Set<Kind> = [.image, .movie]\n    return media.contains(self)\n  }\n}\n", "text/x-swift")
write("ui.swift", "import SwiftUI\n\nstruct ContentView: View {\n    @State private var count = 0\n    var body: some View {\n        Button(\"Tap \\(count)\") { count += 1 }\n    }\n}\n", "text/x-swift")
write("a.py", "import os\nimport sys\n\n\ndef main(argv):\n    for name in argv[1:]:\n        print(os.path.basename(name))\n\n\nif __name__ == \"__main__\":\n    main(sys.argv)\n", "text/x-python")
write("shebang.py", "#!/usr/bin/env python3\nprint('hi')\n", "text/x-python")
write("cls.py", "class Route:\n    def __init__(self, id):\n        self.id = id\n\n    def __repr__(self):\n        return f\"Route({self.id!r})\"\n", "text/x-python")
write("a.js", "const fs = require('fs');\n\nfunction list(dir) {\n  return fs.readdirSync(dir).filter((n) => !n.startsWith('.'));\n}\n\nmodule.exports = { list };\n", "text/javascript")
write("module.js", "import { route } from './route.js';\n\nexport const pick = (items) => route(items)[0];\nconsole.log(pick([]));\n", "text/javascript")
write("dom.js", "document.addEventListener('DOMContentLoaded', function () {\n  var el = document.getElementById('x');\n  el.textContent = 'ready';\n});\n", "text/javascript")
write("a.sh", "#!/bin/sh\nset -e\nfor f in \"$@\"; do\n  echo \"$f\"\ndone\n", "text/x-shellscript")
write("a.c", "#include <stdio.h>\n\nint main(void) {\n  printf(\"hello\\n\");\n  return 0;\n}\n", "text/x-c")

# ---------------------------------------------------------------- tiny and empty
open("empty.txt", "w").close(); add("empty.txt", "text/plain")  # no content: the extension decides
with open("one-byte.bin", "wb") as f:
    f.write(b"\x00")
add("one-byte.bin", "application/octet-stream")
with open("soi.jpg", "wb") as f:
    f.write(b"\xff\xd8\xff")
add("soi.jpg", "image/jpeg")
write("x.txt", "x", "text/plain")

# ---------------------------------------------------------------- found on this machine
# Files nobody wrote for this corpus: from Debian packages and the Swift checkouts of this repo,
# the first few of each kind in sorted order. Their names give the truth. Text ones are also
# copied without an extension, so that only their content can decide.
import glob
FOUND = [
    ("/usr/lib/python3*/json/*.py", "text/x-python", 4), ("/usr/lib/python3*/email/*.py", "text/x-python", 6),
    ("/usr/share/doc/*/copyright", "text/plain", 8), ("/usr/share/doc/*/changelog.Debian.gz", "application/gzip", 4),
    ("/usr/share/icons/*/scalable/*/*.svg", "image/svg+xml", 6), ("/usr/share/icons/*/*/*/*.png", "image/png", 6),
    ("/usr/share/*/*.css", "text/css", 4), ("/usr/share/*/*.json", "application/json", 4),
    ("/work/main/.build/checkouts/*/Sources/*/*.swift", "text/x-swift", 8),
    ("/work/main/.build/checkouts/*/*.md", "text/markdown", 6),
    ("/work/main/.build/checkouts/*/.github/workflows/*.yml", "application/yaml", 4),
]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
seen = set()
for pattern, kind, count in FOUND:
    pattern = pattern.replace("/work/main", ROOT)
    taken = 0
    for path in sorted(glob.glob(pattern)):
        if taken == count or not os.path.isfile(path) or os.path.getsize(path) == 0:
            continue
        with open(path, "rb") as f:
            data = f.read()
        if data in seen:
            continue
        seen.add(data)
        taken += 1
        base = f"found-{len(truth)}"
        ext = os.path.basename(path).split(".")[-1] if "." in os.path.basename(path) else "txt"
        with open(f"{base}.{ext}", "wb") as f:
            f.write(data)
        add(f"{base}.{ext}", kind)
        if kind.startswith("text/") or kind in ("application/json", "application/yaml", "image/svg+xml"):
            with open(f"{base}-noext", "wb") as f:
                f.write(data)
            add(f"{base}-noext", kind)

with open(os.path.join(OUT, "truth.tsv"), "w") as f:
    for name, types in truth:
        f.write(f"{name}\t{types}\n")
print(f"{len(truth)} files in {FILES}", file=sys.stderr)
