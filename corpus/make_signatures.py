#!/usr/bin/env python3
"""Makes the signature-layer set: files of the formats the signature layer names (docs/sniffing.md), with the correct type of each.

Usage: corpus/make_signatures.py OUTDIR [--small]

Writes OUTDIR/files/* and OUTDIR/truth.tsv ("name<TAB>type[|also-right...]"), like make_corpus.py.
Two kinds of file per format where a tool exists: one made by the real tool (7-Zip, ImageMagick,
LibreOffice, ffmpeg, sox, gcab, ar, dpkg-deb, zstd, JxrEncApp, msibuild, pylnk3, EbookLib, gpxpy,
simplekml, geojson, pygltflib, rdflib, calibre, Python's email package) and minimal signatures (the magic
alone, or a header cut short), which is where libmagic 5.44 gives generic answers. Compound files
without a writing tool (Outlook .msg, Publisher .pub) are written by the small CFB writer below,
laid out as [MS-CFB] says. With --small, only files under 12 KB are kept (the committed fixtures).
Needs: apt-get install p7zip-full imagemagick libreoffice-writer-nogui libreoffice-calc-nogui
       libreoffice-impress-nogui ffmpeg sox gcab zstd libjxr-tools msitools wabt fonts-dejavu-core openssl gcc
       openjdk-17-jdk-headless calibre;
       pip install pylnk3 EbookLib gpxpy simplekml geojson pygltflib rdflib python-pptx pyshp pymarc fonttools
       pyarrow fastavro numpy-stl pillow-jpls pidng trimesh tifffile odfpy usd-core.
"""
import email.message, json, os, shutil, struct, subprocess, sys, zipfile

OUT = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else sys.exit(__doc__)
SMALL = "--small" in sys.argv
FILES = os.path.join(OUT, "files")
shutil.rmtree(FILES, ignore_errors=True)
os.makedirs(FILES)
os.chdir(FILES)
truth = []


def add(name, *types):
    assert os.path.exists(name), name
    truth.append((name, "|".join(types)))


def run(*args, **kw):
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kw)


def write(name, data, *types):
    with open(name, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    add(name, *types)


def cut(src, dst, count, *types):
    with open(src, "rb") as f:
        data = f.read(count)
    write(dst, data, *types)


# ------------------------------------------------------------------ a compound-file writer
def cfb(entries, root_clsid=b"\0" * 16):
    """A version-3 compound file: a root storage and streams [(name, bytes, objtype, clsid)],
    all streams in regular sectors (padded to 4096 bytes so no mini stream is needed)."""
    sector = 512
    data_sectors = []
    dir_entries = []
    chains = []
    for name, payload, objtype, clsid in entries:
        if objtype == 2:
            payload = payload.ljust(max(4096, len(payload)), b"\0")
            count = (len(payload) + sector - 1) // sector
            start = len(data_sectors)
            for i in range(count):
                data_sectors.append(payload[i * sector:(i + 1) * sector].ljust(sector, b"\0"))
            chains.append((start, count))
            dir_entries.append((name, objtype, clsid, start, len(payload)))
        else:
            dir_entries.append((name, objtype, clsid, 0xFFFFFFFE, 0))
    # layout: sector 0 = FAT, then data, then the directory
    dir_count = (len(dir_entries) + 1 + 3) // 4
    total = 1 + len(data_sectors) + dir_count
    fat = [0xFFFFFFFF] * 128
    fat[0] = 0xFFFFFFFD
    for start, count in chains:
        for i in range(count):
            s = 1 + start + i
            fat[s] = s + 1 if i < count - 1 else 0xFFFFFFFE
    first_dir = 1 + len(data_sectors)
    for i in range(dir_count):
        fat[first_dir + i] = first_dir + i + 1 if i < dir_count - 1 else 0xFFFFFFFE
    assert total <= 128

    def dirent(name, objtype, clsid, start, size, child=0xFFFFFFFF, right=0xFFFFFFFF):
        raw = name.encode("utf-16-le") + b"\0\0"
        return (raw.ljust(64, b"\0") + struct.pack("<HBB", len(raw), objtype, 1)
                + struct.pack("<III", 0xFFFFFFFF, right, child) + clsid + b"\0" * 4 + b"\0" * 16
                + struct.pack("<IQ", start if objtype != 5 else 0xFFFFFFFE, size))
    records = [dirent("Root Entry", 5, root_clsid, 0xFFFFFFFE, 0, child=1 if dir_entries else 0xFFFFFFFF)]
    for i, (name, objtype, clsid, start, size) in enumerate(dir_entries):
        right = i + 2 if i + 1 < len(dir_entries) else 0xFFFFFFFF
        records.append(dirent(name, objtype, clsid, 1 + start if objtype == 2 else start, size, right=right))
    while len(records) % 4:
        records.append(b"\0" * 64 + struct.pack("<HBB", 0, 0, 0) + b"\xff" * 12 + b"\0" * 48)
    header = (bytes.fromhex("D0CF11E0A1B11AE1") + b"\0" * 16 + struct.pack("<HHHHH", 0x3E, 3, 0xFFFE, 9, 6)
              + b"\0" * 6 + struct.pack("<IIIIIIIII", 0, 1, first_dir, 0, 4096, 0xFFFFFFFE, 0, 0xFFFFFFFE, 0)
              + struct.pack("<I", 0) + b"\xff" * (4 * 108))
    assert len(header) == 512, len(header)
    return header + struct.pack("<128I", *fat) + b"".join(data_sectors) + b"".join(records)


def guid(text):
    a, b, c, d, e = text.split("-")
    return struct.pack("<IHH", int(a, 16), int(b, 16), int(c, 16)) + bytes.fromhex(d + e)


# ------------------------------------------------------------------ 1. compound files
soffice = shutil.which("soffice")
with open("src.txt", "w") as f:
    f.write("Quarterly notes\nThe figures follow.\n")
with open("src.csv", "w") as f:
    f.write("region,amount\nnorth,12\nsouth,7\n")
run(soffice, "--headless", "--convert-to", "doc", "src.txt")
run(soffice, "--headless", "--convert-to", "xls", "src.csv")
os.rename("src.doc", "report.doc"); add("report.doc", "application/msword")
os.rename("src.xls", "sheet.xls"); add("sheet.xls", "application/vnd.ms-excel")
for n in (2048, 4096):
    cut("report.doc", f"report-cut{n}.doc", n, "application/msword")
    cut("sheet.xls", f"sheet-cut{n}.xls", n, "application/vnd.ms-excel")
from pptx import Presentation
deck = Presentation()
deck.slides.add_slide(deck.slide_layouts[5]).shapes.title.text = "Plan"
deck.save("src.pptx")
run(soffice, "--headless", "--convert-to", "ppt", "src.pptx")
os.rename("src.ppt", "deck.ppt"); add("deck.ppt", "application/vnd.ms-powerpoint")
cut("deck.ppt", "deck-cut4096.ppt", 4096, "application/vnd.ms-powerpoint")
for name in ("src.txt", "src.csv", "src.pptx"):
    os.remove(name)
run("msibuild", "setup.msi", "-s", "Setup", "share-route", "1033", "{6B7D9D54-6F5E-4E55-9C54-3D4C1D1B2A10}")
add("setup.msi", "application/x-msi")
# Written by "another tool": the streams a format always has, in a plain layout libmagic's CDF reader
# may not name.
write("word-other.bin", cfb([("WordDocument", b"\xec\xa5" + b"\0" * 30, 2, b"\0" * 16), ("1Table", b"\0" * 64, 2, b"\0" * 16)]), "application/msword")
write("book-other.bin", cfb([("Workbook", b"\x09\x08\x10\x00\x00\x06", 2, b"\0" * 16)]), "application/vnd.ms-excel")
write("slides-other.bin", cfb([("PowerPoint Document", b"\0" * 32, 2, b"\0" * 16), ("Current User", b"\0" * 32, 2, b"\0" * 16)]), "application/vnd.ms-powerpoint")
write("mail.msg", cfb([("__substg1.0_0037001F", "Lunch on Friday".encode("utf-16-le"), 2, b"\0" * 16),
                       ("__properties_version1.0", b"\0" * 32, 2, b"\0" * 16)],
                      root_clsid=guid("00020D0B-0000-0000-C000-000000000046")), "application/vnd.ms-outlook")
write("mail-noclass.bin", cfb([("__substg1.0_1000001F", "Body".encode("utf-16-le"), 2, b"\0" * 16)]), "application/vnd.ms-outlook")
write("flyer.pub", cfb([("Quill", b"", 1, b"\0" * 16), ("Contents", b"\0" * 64, 2, b"\0" * 16)],
                       root_clsid=guid("00021201-0000-0000-00C0-000000000046")), "application/vnd.ms-publisher")
write("installer-other.bin", cfb([("\u4840\u3f3f", b"\0" * 16, 2, b"\0" * 16)], root_clsid=guid("000C1084-0000-0000-C000-000000000046")), "application/x-msi")
write("plain-storage.bin", cfb([("Data", b"\0" * 16, 2, b"\0" * 16)]), "application/x-ole-storage")

# ------------------------------------------------------------------ 2. XML and JSON dialects
import gpxpy.gpx, simplekml, geojson, pygltflib, rdflib
g = gpxpy.gpx.GPX()
track = gpxpy.gpx.GPXTrack(); g.tracks.append(track)
seg = gpxpy.gpx.GPXTrackSegment(); track.segments.append(seg)
for i in range(5):
    seg.points.append(gpxpy.gpx.GPXTrackPoint(47.0 + i / 1000, 8.0 + i / 1000, elevation=400 + i))
write("ride.gpx", g.to_xml(), "application/gpx+xml")
write("ride-noext", g.to_xml(), "application/gpx+xml")
kml = simplekml.Kml(); kml.newpoint(name="Office", coords=[(8.54, 47.37)])
write("places.kml", kml.kml(), "application/vnd.google-earth.kml+xml")
write("places-noext", kml.kml(), "application/vnd.google-earth.kml+xml")
fc = geojson.FeatureCollection([geojson.Feature(geometry=geojson.Point((8.54, 47.37)), properties={"name": "Office"})])
write("places.geojson", geojson.dumps(fc, indent=2), "application/geo+json")
write("places-geo.json", geojson.dumps(fc), "application/geo+json")
write("point.json", json.dumps({"type": "Point", "coordinates": [1.0, 2.0]}), "application/geo+json")
gltf = pygltflib.GLTF2(asset=pygltflib.Asset(version="2.0", generator="share-route corpus"), scenes=[pygltflib.Scene(nodes=[0])], nodes=[pygltflib.Node()])
write("scene.gltf", gltf.to_json(), "model/gltf+json")
write("scene-min.json", '{"asset":{"version":"2.0"}}', "model/gltf+json")
write("sbom.cdx.json", json.dumps({"bomFormat": "CycloneDX", "specVersion": "1.5", "version": 1, "components": [{"type": "library", "name": "left-pad", "version": "1.3.0"}]}, indent=2), "application/vnd.cyclonedx+json")
write("sbom.xml", '<?xml version="1.0" encoding="UTF-8"?>\n<bom xmlns="http://cyclonedx.org/schema/bom/1.5" version="1">\n  <components>\n    <component type="library"><name>left-pad</name><version>1.3.0</version></component>\n  </components>\n</bom>\n', "application/vnd.cyclonedx+xml")
onto = rdflib.Graph()
onto.bind("owl", rdflib.OWL)
base = rdflib.URIRef("http://example.org/pets")
onto.add((base, rdflib.RDF.type, rdflib.OWL.Ontology))
onto.add((rdflib.URIRef("http://example.org/pets#Cat"), rdflib.RDF.type, rdflib.OWL.Class))
write("pets.owl", onto.serialize(format="xml"), "application/owl+xml")
# Expanded JSON-LD, as rdflib serialises a graph without a context: an array of node objects.
people = rdflib.Graph()
people.parse(data='@prefix s: <http://schema.org/> .\n<http://example.org/ada> a s:Person ; s:name "Ada Lovelace" ; '
             's:knows <http://example.org/charles> .\n<http://example.org/charles> a s:Person ; s:name "Charles Babbage" .\n', format="turtle")
write("people-expanded", people.serialize(format="json-ld"), "application/ld+json")
write("pets-owlxml.owl", '<?xml version="1.0"?>\n<Ontology xmlns="http://www.w3.org/2002/07/owl#" ontologyIRI="http://example.org/pets">\n  <Declaration><Class IRI="#Cat"/></Declaration>\n</Ontology>\n', "application/owl+xml")
write("run.tcx", '<?xml version="1.0" encoding="UTF-8"?>\n<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">\n  <Activities><Activity Sport="Running"><Id>2026-11-01T07:00:00Z</Id></Activity></Activities>\n</TrainingCenterDatabase>\n', "application/vnd.garmin.tcx+xml")
write("box.x3d", '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE X3D PUBLIC "ISO//Web3D//DTD X3D 3.3//EN" "http://www.web3d.org/specifications/x3d-3.3.dtd">\n<X3D profile="Interchange" version="3.3">\n  <Scene><Shape><Box size="1 1 1"/></Shape></Scene>\n</X3D>\n', "model/x3d+xml")
write("strings.xlf", '<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\n  <file source-language="en" target-language="de" datatype="plaintext" original="app">\n    <body><trans-unit id="hello"><source>Hello</source><target>Hallo</target></trans-unit></body>\n  </file>\n</xliff>\n', "application/xliff+xml")
write("form.xfdf", '<?xml version="1.0" encoding="UTF-8"?>\n<xfdf xmlns="http://ns.adobe.com/xfdf/" xml:space="preserve">\n  <fields><field name="name"><value>Ada</value></field></fields>\n</xfdf>\n', "application/vnd.adobe.xfdf")
write("roads.gml", '<?xml version="1.0" encoding="utf-8"?>\n<gml:FeatureCollection xmlns:gml="http://www.opengis.net/gml">\n  <gml:featureMember><gml:Point><gml:coordinates>8.54,47.37</gml:coordinates></gml:Point></gml:featureMember>\n</gml:FeatureCollection>\n', "application/gml+xml")
write("page.xhtml", '<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body><p>Hi</p></body></html>\n', "application/xhtml+xml")
write("plain.xml", '<?xml version="1.0"?>\n<catalog><book id="1">Dune</book></catalog>\n', "application/xml")
write("plain.json", '{"name": "share-route", "type": "tool", "features": 3}', "application/json")

# ------------------------------------------------------------------ 3. decisive signatures
run("7z", "a", "-bd", "notes.7z", "/etc/hostname"); add("notes.7z", "application/x-7z-compressed")
cut("notes.7z", "notes-cut.7z", 6, "application/x-7z-compressed")
cut("notes.7z", "7z-head.bin", 6, "application/x-7z-compressed")
IM = "/usr/bin/convert"
run(IM, "-size", "8x8", "xc:teal", "art.psd"); add("art.psd", "image/vnd.adobe.photoshop")
cut("art.psd", "art-head.psd", 6, "image/vnd.adobe.photoshop")
write("psd-head.bin", b"8BPS\0\1", "image/vnd.adobe.photoshop")
run(IM, "-size", "4x4", "xc:red", "icon.xpm"); add("icon.xpm", "image/x-xpixmap")
write("xpm-head.txt", "/* XPM */\n", "image/x-xpixmap")
run(IM, "-size", "4x4", "xc:gray", "sky.hdr"); add("sky.hdr", "image/vnd.radiance")
write("hdr-head.bin", "#?RADIANCE\n", "image/vnd.radiance")
run(IM, "-size", "16x16", "xc:navy", "favicon.ico"); add("favicon.ico", "image/vnd.microsoft.icon")
with open("letter.txt", "w") as f:
    f.write("Dear team,\nthe plan is attached.\n")
run(soffice, "--headless", "--convert-to", "rtf", "letter.txt"); add("letter.rtf", "text/rtf"); os.remove("letter.txt")
write("rtf-head", "{\\rtf1", "text/rtf")
with open("subs.srt", "w") as f:
    f.write("1\n00:00:00,000 --> 00:00:01,500\nHello there\n\n2\n00:00:02,000 --> 00:00:03,000\nGoodbye\n")
run("ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", "subs.srt", "subs.vtt"); add("subs.vtt", "text/vtt"); os.remove("subs.srt")
write("vtt-head.txt", "WEBVTT\n", "text/vtt")
write("vtt-bare", "WEBVTT", "text/vtt")
run("ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-c:a", "aac", "-f", "hls", "-hls_time", "1", "-hls_list_size", "0", "-hls_segment_filename", "seg%d.ts", "stream.m3u8")
add("stream.m3u8", "application/vnd.apple.mpegurl")
for seg in [n for n in os.listdir(".") if n.startswith("seg")]:
    os.remove(seg)
write("mix.m3u", "#EXTM3U\n#EXTINF:215,Artist - Song\nmusic/song.mp3\n#EXTINF:180,Artist - Other\nmusic/other.mp3\n", "audio/x-mpegurl")
write("m3u-head.txt", "#EXTM3U", "audio/x-mpegurl|application/vnd.apple.mpegurl")
run("sox", "-n", "-r", "8000", "-c", "1", "tone.au", "synth", "0.2", "sine", "440"); add("tone.au", "audio/basic")
write("au-head.bin", ".snd", "audio/basic")
run("ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "ac3", "-f", "rm", "clip.rm")
add("clip.rm", "application/vnd.rn-realmedia")
write("rm-head.bin", ".RMF", "application/vnd.rn-realmedia")
run("gcab", "-c", "docs.cab", "/etc/hostname"); add("docs.cab", "application/vnd.ms-cab-compressed")
cut("docs.cab", "cab-head.bin", 8, "application/vnd.ms-cab-compressed")
with open("member.o", "wb") as f:
    f.write(b"\0" * 16)
run("ar", "rc", "lib.a", "member.o"); add("lib.a", "application/x-archive"); os.remove("member.o")
write("ar-head.bin", "!<arch>\n", "application/x-archive")
os.makedirs("pkg/DEBIAN")
with open("pkg/DEBIAN/control", "w") as f:
    f.write("Package: demo\nVersion: 1.0\nArchitecture: all\nMaintainer: a <a@example.org>\nDescription: demo\n")
run("dpkg-deb", "--build", "-Zgzip", "pkg", "demo.deb"); add("demo.deb", "application/vnd.debian.binary-package"); shutil.rmtree("pkg")
with open("data.txt", "w") as f:
    f.write("zstd me\n" * 20)
run("zstd", "-q", "data.txt", "-o", "data.zst"); add("data.zst", "application/zstd"); os.remove("data.txt")
write("skippable.zst", struct.pack("<II", 0x184D2A50, 4) + b"meta" + open("data.zst", "rb").read(), "application/zstd")
write("zst-skip-head.bin", struct.pack("<I", 0x184D2A5E), "application/zstd")
run(IM, "-size", "8x8", "xc:olive", "bmp3:src.bmp")
run("JxrEncApp", "-i", "src.bmp", "-o", "photo.jxr"); add("photo.jxr", "image/jxr"); os.remove("src.bmp")
write("jxr-head.bin", b"II\xbc\x01", "image/jxr")
eot = struct.pack("<IIII", 200, 100, 0x00020001, 0) + bytes(10) + b"\x01\x00" + bytes(6) + b"LP" + bytes(164)
write("font.eot", eot, "application/vnd.ms-fontobject")
import pylnk3
pylnk3.for_file("C:\\Users\\Public\\report.pdf", "report.lnk")
add("report.lnk", "application/x-ms-shortcut")
write("lnk-head.bin", bytes.fromhex("4c0000000114020000000000c000000000000046"), "application/x-ms-shortcut")
write("notes.one", bytes.fromhex("e4525c7b8cd8a74daeb15378d02996d3") + bytes(64), "application/onenote")
run(IM, "-size", "8x8", "xc:orange", "full.jpg")
cut("full.jpg", "jpeg-head.bin", 3, "image/jpeg")
cut("full.jpg", "jpeg-head4.bin", 4, "image/jpeg")
os.remove("full.jpg")
run(IM, "-size", "8x8", "xc:orange", "full.png")
cut("full.png", "png-head.bin", 8, "image/png")
os.remove("full.png")
write("id3-head.bin", b"ID3", "audio/mpeg")
write("id3-tag.bin", b"ID3\x04\x00\x00\x00\x00\x00\x00", "audio/mpeg")
from ebooklib import epub
book = epub.EpubBook(); book.set_identifier("id1"); book.set_title("T"); book.set_language("en")
ch = epub.EpubHtml(title="One", file_name="one.xhtml", lang="en"); ch.content = "<h1>One</h1><p>Text.</p>"
book.add_item(ch); book.toc = [ch]; book.add_item(epub.EpubNcx()); book.add_item(epub.EpubNav()); book.spine = ["nav", ch]
epub.write_epub("book.epub", book); add("book.epub", "application/epub+zip")
cut("book.epub", "epub-head.bin", 58, "application/epub+zip")

# ------------------------------------------------------------------ 4. scripts by their #! line
for name, text, kind in [
    ("tool-env-S", "#!/usr/bin/env -S python3 -u\nimport sys\nprint(sys.argv)\n", "text/x-python"),
    ("tool-py", "#!/usr/bin/python3\nprint('hi')\n", "text/x-python"),
    ("build", "#!/bin/sh", "text/x-shellscript"),
    ("deploy", "#!/usr/bin/env bash\nset -e\necho deploy\n", "text/x-shellscript"),
    ("report-pl", "#!/usr/bin/perl -w\nuse strict;\nprint \"hi\\n\";\n", "text/x-perl"),
    ("task-rb", "#!/usr/bin/env ruby\nputs 'hi'\n", "text/x-ruby"),
    ("page-php", "#!/usr/bin/php\n<?php echo 'hi';\n", "text/x-php"),
    ("conf-lua", "#!/usr/bin/env lua5.4\nprint('hi')\n", "text/x-lua"),
    ("gui-tcl", "#!/usr/bin/tclsh\nputs hi\n", "text/x-tcl"),
    ("env-settings", "#!/usr/bin/env PYTHONUNBUFFERED=1 python3\nprint(1)\n", "text/x-python"),
]:
    write(name, text, kind)

# ------------------------------------------------------------------ 5. ISO media brands
run("ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "aac", "-brand", "M4P ", "-f", "mp4", "song.m4p")
add("song.m4p", "audio/mp4")
run("ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "aac", "-brand", "M4B ", "-f", "mp4", "book.m4b")
add("book.m4b", "audio/x-m4b")  # freedesktop names the audiobook brand (a kind of audio/mp4)
run("ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=5:duration=1", "-pix_fmt", "yuv420p", "-brand", "MSNV", "-f", "mp4", "psp.mp4")
add("psp.mp4", "video/mp4")

# ------------------------------------------------------------------ 6. mail headers are not YAML
m = email.message.EmailMessage()
m["From"] = "Ada <ada@example.org>"; m["To"] = "team@example.org"; m["Subject"] = "Plan"
m.set_content("See you on Friday.\n")
write("plan.eml", m.as_bytes(), "message/rfc822")
write("short.eml", "To: alice@example.com\nCc: bob@example.com\n", "message/rfc822")
write("headers.txt", "Cc: bob@example.com\nTo: alice@example.com\n", "message/rfc822")
write("config.yaml", "from: 2020-01-01\nto: 2020-12-31\nsubject: audit\n", "application/yaml")
# A news article as a server spools it (RFC 5536 fields, Path first): libmagic's rule for a first
# Path: line says news, and it is news, not mail.
n = email.message.EmailMessage()
n["Path"] = "news.example.org!not-for-mail"; n["From"] = "Ada <ada@example.org>"
n["Newsgroups"] = "comp.lang.swift"; n["Subject"] = "Share sheets"; n["Date"] = "Sun, 29 Nov 2026 08:00:00 +0000"
n["Message-ID"] = "<share.1@example.org>"
n.set_content("Which targets does a phone offer?\n")
write("article.news", n.as_bytes(), "message/news")

# ------------------------------------------------------------------ 7. names break ties, never win over bytes
# Three bytes are no 7z, PSD, icon, font, database or Office file, whatever the name: the bytes decide.
for ext in ["7z", "psd", "ico", "ttf", "sqlite3", "au", "doc", "xls", "ppt"]:
    write(f"tiny.{ext}", b"\x01\x02\x03", "application/octet-stream")
# Plain words are text; a name may make them a script (any text can be one), never a format with a
# header or a structure (WebVTT, a playlist, KML, GPX, GeoJSON, XHTML, mail).
for ext, kind in [("vtt", "text/plain"), ("m3u8", "text/plain"), ("sh", "text/x-shellscript"),
                  ("kml", "text/plain"), ("gpx", "text/plain"), ("geojson", "text/plain"), ("xhtml", "text/plain"),
                  ("eml", "text/plain")]:
    write(f"words.{ext}", "just some words\n", kind)

# A 512-byte executable, linked by gcc, named as scripts and data: freedesktop makes scripts a kind
# of executable, yet a binary is never a script or JSON by its name.
with open("exit.c", "w") as f:
    f.write('void _start(void) { __asm__ volatile("mov $60, %eax\\n xor %edi, %edi\\n syscall"); }\n')
run("gcc", "-Os", "-nostdlib", "-static", "-s", "-Wl,-n", "-Wl,--build-id=none", "-fno-asynchronous-unwind-tables",
    "-o", "exit-elf", "exit.c")
os.remove("exit.c")
add("exit-elf", "application/x-executable")
for ext in ["py", "js", "json"]:
    shutil.copyfile("exit-elf", f"exit-elf.{ext}")
    add(f"exit-elf.{ext}", "application/x-executable")

# ------------------------------------------------------------------ 8. formats libmagic leaves generic
# Compound files of other writers, by their root class (laid out by the CFB writer above: no tool
# writes StarOffice 5, WordPerfect, FlashPix, Quattro Pro or Works files any more).
for name, clsid, stream, kind in [
        ("letter.sdw", "C20CF9D1-85AE-11D1-AAB4-006097DA561A", "StarWriterDocument", "application/vnd.stardivision.writer"),
        ("sheet.sdc", "6361D441-4235-11D0-89CB-008029E4B0B1", "StarCalcDocument", "application/x-starcalc"),
        ("memo.wpd", "519873FF-2DAD-0220-1937-0000929679CD", "PerfectOffice_MAIN", "application/vnd.wordperfect"),
        ("photo.fpx", "56616700-C154-11CE-8553-00AA00A1F95B", "Data Object Store 000001", "image/vnd.fpx"),
        ("budget.qpw", "0002B400-0000-0000-C000-000000000046", "NativeContent_MAIN", "application/x-quattropro"),
        ("notes.wps", "0EA45AB2-9E0A-11D1-A407-00C04FB932BA", "CONTENTS", "application/vnd.ms-works")]:
    write(name, cfb([(stream, b"\0" * 64, 2, b"\0" * 16)], root_clsid=guid(clsid)), kind)
# A Works spreadsheet has no root class, and a Workbook stream beside its own: not Excel.
write("ledger.xlr", cfb([("WksSSWorkBook", b"\0" * 64, 2, b"\0" * 16), ("Workbook", b"\0" * 64, 2, b"\0" * 16)]),
      "application/vnd.ms-works")
# Time-zone information, compiled by zic.
with open("zone.txt", "w") as f:
    f.write("Zone Test/Zone 1:00 - TST\n")
run("zic", "-d", ".", "zone.txt")
shutil.move(os.path.join("Test", "Zone"), "zone.tzif")
os.rmdir("Test"); os.remove("zone.txt")
add("zone.tzif", "application/tzif")
# An ESRI shapefile and its index, written by pyshp.
import shapefile
with shapefile.Writer("points", shapeType=shapefile.POINT) as shp:
    shp.field("name", "C")
    shp.point(24.9, 60.2); shp.record("Helsinki")
    shp.point(18.1, 59.3); shp.record("Stockholm")
os.remove("points.dbf")
add("points.shp", "application/vnd.shp"); add("points.shx", "application/vnd.shx")
# A TrueType collection of two subset DejaVu fonts, made with fontTools.
from fontTools import subset as ftsubset
from fontTools.ttLib import TTFont, TTCollection
fonts = []
for i, src in enumerate(["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"]):
    options = ftsubset.Options(); options.glyph_names = False; options.name_IDs = [1, 2]
    font = TTFont(src); subsetter = ftsubset.Subsetter(options); subsetter.populate(text="A"); subsetter.subset(font)
    fonts.append(font)
collection = TTCollection(); collection.fonts = fonts; collection.save("pair.ttc")
add("pair.ttc", "font/collection")
# X11's text images, bare (libmagic calls both plain text): an X bitmap written by ImageMagick, and
# an XPM2 pixmap laid out by hand (ImageMagick writes XPM 3, which libmagic knows).
run("/usr/bin/convert", "-size", "12x6", "xc:white", "-fill", "black", "-draw", "point 3,3", "dot.xbm")
os.rename("dot.xbm", "dot-xbm"); add("dot-xbm", "image/x-xbitmap")
write("tiles-xpm2", "! XPM2\n4 2 2 1\n# c #000000\n. c #ffffff\n#..#\n.##.\n", "image/x-xpixmap")

# A CFF-flavoured OpenType font (one box glyph), built with fontTools' FontBuilder: libmagic says
# application/vnd.ms-opentype, which is font/otf by its registered name (an iOS public.opentype-font).
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
def box_glyph():
    pen = T2CharStringPen(600, None)
    pen.moveTo((100, 0)); pen.lineTo((100, 700)); pen.lineTo((500, 700)); pen.lineTo((500, 0)); pen.closePath()
    return pen.getCharString()
builder = FontBuilder(1000, isTTF=False)
builder.setupGlyphOrder([".notdef", "A"])
builder.setupCharacterMap({ord("A"): "A"})
builder.setupCFF("ShareRouteBox", {"FullName": "Share Route Box"}, {".notdef": box_glyph(), "A": box_glyph()}, {})
builder.setupHorizontalMetrics({".notdef": (600, 100), "A": (600, 100)})
builder.setupHorizontalHeader(ascent=800, descent=-200)
builder.setupNameTable({"familyName": "Share Route Box", "styleName": "Regular"})
builder.setupOS2(sTypoAscender=800, usWinAscent=800, usWinDescent=200)
builder.setupPost()
builder.save("box.otf")
add("box.otf", "font/otf")
# Certificates, keys and signatures, made by OpenSSL (and a PkiPath by Java's CertPath), named
# without their extensions (libmagic calls the DER unknown data, the PEM plain text): a detached
# PKCS #7 signature in DER (detached.p7s keeps its name), a certificate, a certificates-only bundle
# (DER and PEM), signed data that holds its content, enveloped data, a detached signature in PEM
# (CMS), a PKCS #12 file, PKCS #8 keys plain and encrypted (DER and PEM), a certification request
# (DER and PEM), a revocation list, and a certification path of two certificates. A PKCS #1 key
# (RSA PRIVATE KEY) has no type of its own: it stays unknown data.
for n in ["1", "2"]:
    run("openssl", "req", "-x509", "-newkey", "rsa:1024", "-nodes", "-keyout", f"key{n}.pem", "-out", f"cert{n}.pem",
        "-days", "1", "-subj", f"/CN=share-route {n}")
with open("signed.txt", "w") as f:
    f.write("signed text\n")
run("openssl", "smime", "-sign", "-binary", "-in", "signed.txt", "-signer", "cert1.pem", "-inkey", "key1.pem", "-outform", "DER",
    "-out", "detached.p7s")
add("detached.p7s", "application/pkcs7-signature")
pki = [
    ("pki-cert", ["openssl", "x509", "-in", "cert1.pem", "-outform", "DER", "-out", "pki-cert"], "application/pkix-cert"),
    ("pki-bundle", ["openssl", "crl2pkcs7", "-nocrl", "-certfile", "cert1.pem", "-outform", "DER", "-out", "pki-bundle"],
     "application/x-pkcs7-certificates"),
    ("pki-bundle-pem", ["openssl", "crl2pkcs7", "-nocrl", "-certfile", "cert1.pem", "-out", "pki-bundle-pem"],
     "application/x-pkcs7-certificates"),
    ("pki-signed", ["openssl", "cms", "-sign", "-nodetach", "-binary", "-in", "signed.txt", "-signer", "cert1.pem", "-inkey",
                    "key1.pem", "-outform", "DER", "-out", "pki-signed"], "application/pkcs7-mime"),
    ("pki-sealed", ["openssl", "cms", "-encrypt", "-binary", "-in", "signed.txt", "-outform", "DER", "-out", "pki-sealed",
                    "cert1.pem"], "application/pkcs7-mime"),
    ("pki-cms-pem", ["openssl", "cms", "-sign", "-binary", "-in", "signed.txt", "-signer", "cert1.pem", "-inkey", "key1.pem",
                     "-outform", "PEM", "-out", "pki-cms-pem"], "application/pkcs7-signature"),
    ("pki-identity", ["openssl", "pkcs12", "-export", "-in", "cert1.pem", "-inkey", "key1.pem", "-passout", "pass:share-route",
                      "-out", "pki-identity"], "application/pkcs12"),
    ("pki-key", ["openssl", "pkcs8", "-topk8", "-nocrypt", "-in", "key1.pem", "-out", "pki-key"], "application/pkcs8"),
    ("pki-key-der", ["openssl", "pkcs8", "-topk8", "-nocrypt", "-in", "key1.pem", "-outform", "DER", "-out", "pki-key-der"],
     "application/pkcs8"),
    ("pki-key-sealed", ["openssl", "pkcs8", "-topk8", "-in", "key1.pem", "-passout", "pass:share-route", "-out",
                        "pki-key-sealed"], "application/pkcs8-encrypted"),
    ("pki-key-sealed-der", ["openssl", "pkcs8", "-topk8", "-in", "key1.pem", "-passout", "pass:share-route", "-outform", "DER",
                            "-out", "pki-key-sealed-der"], "application/pkcs8-encrypted"),
    ("pki-rsa-key-der", ["openssl", "rsa", "-traditional", "-in", "key1.pem", "-outform", "DER", "-out", "pki-rsa-key-der"],
     "application/octet-stream"),
    ("pki-request", ["openssl", "req", "-new", "-key", "key1.pem", "-subj", "/CN=share-route", "-out", "pki-request"],
     "application/pkcs10"),
    ("pki-request-der", ["openssl", "req", "-new", "-key", "key1.pem", "-subj", "/CN=share-route", "-outform", "DER", "-out",
                         "pki-request-der"], "application/pkcs10"),
]
for name, command, kind in pki:
    run(*command)
    add(name, kind)
with open("ca.cnf", "w") as f:
    f.write("[ ca ]\ndefault_ca = d\n[ d ]\ndatabase = index.txt\ncrlnumber = crlnumber\ndefault_md = sha256\n"
            "default_crl_days = 30\n")
open("index.txt", "w").close()
with open("crlnumber", "w") as f:
    f.write("01\n")
run("openssl", "ca", "-config", "ca.cnf", "-gencrl", "-keyfile", "key1.pem", "-cert", "cert1.pem", "-out", "crl.pem")
run("openssl", "crl", "-in", "crl.pem", "-outform", "DER", "-out", "pki-crl")
add("pki-crl", "application/pkix-crl")
with open("PkiPath.java", "w") as f:
    f.write("import java.io.*; import java.security.cert.*; import java.util.*;\n"
            "public class PkiPath { public static void main(String[] a) throws Exception {\n"
            "  CertificateFactory f = CertificateFactory.getInstance(\"X.509\"); List<Certificate> l = new ArrayList<>();\n"
            "  for (int i = 1; i < a.length; i++) try (InputStream in = new FileInputStream(a[i])) { l.add(f.generateCertificate(in)); }\n"
            "  try (OutputStream o = new FileOutputStream(a[0])) { o.write(f.generateCertPath(l).getEncoded(\"PkiPath\")); } } }\n")
run("java", "PkiPath.java", "pki-path", "cert1.pem", "cert2.pem")
add("pki-path", "application/pkix-pkipath")
for name in ["key1.pem", "key2.pem", "cert1.pem", "cert2.pem", "signed.txt", "ca.cnf", "index.txt", "crlnumber", "crl.pem", "PkiPath.java"]:
    os.remove(name)
for leftover in os.listdir("."):
    if leftover.startswith(("index.txt.", "crlnumber.")):
        os.remove(leftover)
# An SGI image, written by ImageMagick (libmagic describes it but gives no type).
run("convert", "-size", "16x11", "gradient:red-blue", "-depth", "8", "-compress", "RLE", "sgi:tile-sgi")
add("tile-sgi", "image/x-sgi")
# A Wallet pass, packed as Apple's PassKit Package Format says: pass.json, manifest.json (each
# file's SHA-1), and a detached signature of the manifest made by OpenSSL, zipped by Info-ZIP with
# the manifest first (freedesktop's rule wants pass.json first).
import hashlib
os.makedirs("pass", exist_ok=True)
with open("pass/pass.json", "w") as f:
    json.dump({"formatVersion": 1, "passTypeIdentifier": "pass.org.example.share-route", "serialNumber": "1",
               "teamIdentifier": "ABCDE12345", "organizationName": "share-route", "description": "A boarding pass",
               "boardingPass": {"transitType": "PKTransitTypeAir", "primaryFields": [{"key": "to", "value": "SFO"}]}}, f)
with open("pass/manifest.json", "w") as f:
    json.dump({"pass.json": hashlib.sha1(open("pass/pass.json", "rb").read()).hexdigest()}, f)
run("openssl", "req", "-x509", "-newkey", "rsa:1024", "-nodes", "-keyout", "pass-key.pem", "-out", "pass-cert.pem", "-days", "1",
    "-subj", "/CN=share-route pass")
run("openssl", "smime", "-sign", "-binary", "-in", "pass/manifest.json", "-signer", "pass-cert.pem", "-inkey", "pass-key.pem",
    "-outform", "DER", "-out", "pass/signature")
run("zip", "-X", "-q", "../boarding-pkpass", "manifest.json", "signature", "pass.json", cwd="pass")
os.rename("boarding-pkpass.zip", "boarding-pkpass")
# A ZIP whose root holds a manifest.json and no pass.json is no pass (a browser extension is one).
run("zip", "-X", "-q", "../manifest-only.zip", "manifest.json", "signature", cwd="pass")
add("manifest-only.zip", "application/zip")
shutil.rmtree("pass")
for name in ["pass-key.pem", "pass-cert.pem"]:
    os.remove(name)
add("boarding-pkpass", "application/vnd.apple.pkpass")
# USDZ packages, written by Pixar's USD library (usd-core from PyPI): a cube stage in the binary
# crate format, packed for ARKit; and a text (usda) stage packed plainly.
from pxr import Sdf, Usd, UsdGeom, UsdUtils
for layer, package, pack in [("cube.usdc", "cube-usdz", UsdUtils.CreateNewARKitUsdzPackage),
                             ("cube.usda", "text-usdz", UsdUtils.CreateNewUsdzPackage)]:
    stage = Usd.Stage.CreateNew(layer)
    UsdGeom.Cube.Define(stage, "/Cube")
    stage.GetRootLayer().Save()
    assert pack(Sdf.AssetPath(layer), package + ".usdz")
    os.rename(package + ".usdz", package)
    if layer == "cube.usdc":
        # The same layer deflated by Info-ZIP is no USDZ package (its files must be stored).
        run("zip", "-X", "-q", "-9", "usdc-deflated.zip", layer)
        add("usdc-deflated.zip", "application/zip")
    os.remove(layer)
    add(package, "model/vnd.usdz+zip")
# A MARC 21 bibliographic record, written by pymarc.
import pymarc
record = pymarc.Record()
record.add_field(pymarc.Field(tag="245", indicators=pymarc.Indicators("0", "0"), subfields=[pymarc.Subfield("a", "Notes")]))
with open("record.mrc", "wb") as f:
    f.write(record.as_marc())
add("record.mrc", "application/marc")
# A WebAssembly module, assembled by wat2wasm (wabt).
with open("add.wat", "w") as f:
    f.write('(module (func (export "add") (param i32 i32) (result i32) local.get 0 local.get 1 i32.add))\n')
run("wat2wasm", "add.wat", "-o", "add.wasm"); os.remove("add.wat")
add("add.wasm", "application/wasm")
# Columnar and serialisation formats, written by pyarrow (Parquet, ORC, Arrow IPC as Feather 2)
# and fastavro (an Avro object container); and a Parquet head cut after its first page header byte.
import fastavro
import pyarrow
import pyarrow.feather
import pyarrow.orc
import pyarrow.parquet
readings = pyarrow.table({"city": ["Oslo", "Lima", "Pune"], "temp": [3.5, 18.0, 29.25]})
pyarrow.parquet.write_table(readings, "readings.parquet")
add("readings.parquet", "application/vnd.apache.parquet")
pyarrow.orc.write_table(readings, "readings.orc")
add("readings.orc", "application/vnd.apache.orc")
pyarrow.feather.write_feather(readings, "readings.feather")
add("readings.feather", "application/vnd.apache.arrow.file")
schema = {"type": "record", "name": "Reading", "fields": [{"name": "city", "type": "string"}, {"name": "temp", "type": "double"}]}
with open("readings.avro", "wb") as f:
    fastavro.writer(f, schema, [{"city": "Oslo", "temp": 3.5}, {"city": "Lima", "temp": 18.0}], sync_marker=b"share-route sync")
add("readings.avro", "application/avro")
with open("readings.parquet", "rb") as f:
    write("parquet-head.bin", f.read(5), "application/vnd.apache.parquet")
# A Creative Voice file, written by sox; a JPEG-LS image, written by Pillow with pillow-jpls.
run("sox", "-n", "-r", "8000", "-c", "1", "-b", "8", "tone.voc", "synth", "0.05", "sine", "440")
add("tone.voc", "audio/x-voc")
from PIL import Image
import pillow_jpls  # registers the JPEG-LS writer
gradient = Image.new("L", (16, 16))
for x in range(16):
    for y in range(16):
        gradient.putpixel((x, y), (x * 16 + y) % 256)
gradient.save("gradient.jls")
add("gradient.jls", "image/jls")
# STL models, ASCII and binary, written by numpy-stl (the binary header carries the time of writing).
import numpy
from stl import Mode, mesh
triangles = numpy.zeros(2, dtype=mesh.Mesh.dtype)
triangles["vectors"][0] = numpy.array([[0, 0, 0], [1, 0, 0], [0, 1, 0]])
triangles["vectors"][1] = numpy.array([[1, 0, 0], [1, 1, 0], [0, 1, 0]])
mesh.Mesh(triangles).save("square.stl", mode=Mode.ASCII)
add("square.stl", "model/stl")
mesh.Mesh(triangles).save("square-binary.stl", mode=Mode.BINARY)
add("square-binary.stl", "model/stl")
# A 3MF package (a cube), written by trimesh.
import trimesh
trimesh.creation.box(extents=(1, 1, 1)).export("cube.3mf")
add("cube.3mf", "model/3mf")
# Tracker modules, laid out by hand (no tracker here writes from a script), each a header with no
# patterns or instruments, named .mod (the name of the generic module type libmagic answers):
# FastTracker 2's XM header (XM.TXT: ID text, module name, 0x1A, tracker name, version 0x0104, a
# 276-byte header, song length 1, 4 channels, tempo 6, 125 BPM, the order table), and Impulse
# Tracker's IT header (ITTECH.TXT: "IMPM", song name, one order, 64 channels' pan and volume, then
# the order list ending in 255).
xm = b"Extended Module: " + b"share-route".ljust(20, b"\0") + b"\x1a" + b"FastTracker v2.00   " + struct.pack("<HI", 0x0104, 276)
xm += struct.pack("<HHHHHHHH", 1, 0, 4, 0, 0, 1, 6, 125) + bytes(256)
write("song-xm.mod", xm, "audio/x-xm")
it = b"IMPM" + b"share-route".ljust(26, b"\0") + struct.pack("<HHHHHHHHH", 0x1004, 2, 0, 0, 0, 0x0214, 0x0200, 9, 0)
it += bytes([128, 48, 6, 125, 128, 0]) + struct.pack("<HII", 0, 0, 0) + bytes([32] * 64) + bytes([64] * 64) + bytes([0, 255])
write("song-it.mod", it, "audio/x-it")
# MPEG-1 audio Layer I, laid out by hand (no Layer I encoder here): 20 silent frames of 32 kbit/s
# at 32 kHz, each its header (no CRC, mono) and 44 bytes of zero bit allocations, which is silence.
write("silence.mp1", (b"\xff\xff\x18\xc4" + bytes(44)) * 20, "audio/mpeg")
# QCELP audio, laid out by hand as RFC 3625 describes it (no encoder here): RIFF form QLCM, a
# "fmt " chunk (major 1, minor 0, QCELP-13K's codec GUID, version, name, rates, frame sizes), an
# empty "data" chunk.
fmt = struct.pack("<BB", 1, 0) + bytes.fromhex("416d7f5e15b1d011ba9100805fb4b97e") + struct.pack("<H", 2)
fmt += b"Qcelp 13K".ljust(80, b"\0") + struct.pack("<HHHHHI", 14000, 35, 160, 8000, 16, 5) + bytes(16 + 20)
qcp = b"QLCM" + b"fmt " + struct.pack("<I", len(fmt)) + fmt + b"data" + struct.pack("<I", 0)
write("voice.qcp", b"RIFF" + struct.pack("<I", len(qcp)) + qcp, "audio/qcelp")
# An Apple disk image (UDIF), laid out by hand (no tool here writes one): one zlib-compressed
# chunk, then the 512-byte koly trailer (magic, version 4, header size 512, flags, then offsets
# and lengths of the data fork and the resource map, all big-endian), as dmg2img reads it.
chunk = __import__("zlib").compress(bytes(4096))
koly = b"koly" + struct.pack(">III", 4, 512, 1) + struct.pack(">QQQQ", 0, 0, len(chunk), 0)
write("volume.dmg", chunk + bytes(1024 - len(chunk) % 1024) + (koly + bytes(512 - len(koly))), "application/x-apple-diskimage")
# ZIP archives that begin with other data and end with the end-of-central-directory record: the
# last part of an archive Info-ZIP split in 64 KB parts (`zip -s`; it begins inside a member's
# compressed data), and an archive appended to bytes no rule names. libmagic finds the record
# only through a descriptor (its offsets from the end are not read in a buffer).
import random
os.makedirs("split", exist_ok=True)
with open("split/noise.bin", "wb") as f:
    f.write(random.Random(49).randbytes(66 * 1024))
os.utime("split/noise.bin", (1700000000, 1700000000))
run("zip", "-X", "-q", "-0", "-s", "64k", "part.zip", "noise.bin", cwd="split")
shutil.move("split/part.zip", "split-last.zip")
add("split-last.zip", "application/zip")
with open("split/note.txt", "w") as f:
    f.write("appended to other data\n")
os.utime("split/note.txt", (1700000000, 1700000000))
run("zip", "-X", "-q", "note.zip", "note.txt", cwd="split")
write("appended-zip.bin", random.Random(50).randbytes(300) + open("split/note.zip", "rb").read(), "application/zip")
shutil.rmtree("split")
# A DNG raw image (a 16×16 Bayer mosaic), written by PiDNG, named as the TIFF it is built on: the
# DNGVersion tag in its first directory makes it DNG.
from pidng.core import RAW2DNG, DNGTags, Tag
from pidng.defs import CalibrationIlluminant, CFAPattern, DNGVersion, Orientation, PhotometricInterpretation
tags = DNGTags()
for tag, value in [
    (Tag.ImageWidth, 16), (Tag.ImageLength, 16), (Tag.TileWidth, 16), (Tag.TileLength, 16),
    (Tag.Orientation, Orientation.Horizontal), (Tag.PhotometricInterpretation, PhotometricInterpretation.Color_Filter_Array),
    (Tag.SamplesPerPixel, 1), (Tag.BitsPerSample, 12), (Tag.CFARepeatPatternDim, [2, 2]), (Tag.CFAPattern, CFAPattern.BGGR),
    (Tag.WhiteLevel, 4095), (Tag.BlackLevel, 0), (Tag.CalibrationIlluminant1, CalibrationIlluminant.D65),
    (Tag.ColorMatrix1, [[10000, 10000], [0, 10000], [0, 10000], [0, 10000], [10000, 10000], [0, 10000], [0, 10000], [0, 10000], [10000, 10000]]),
    (Tag.AsShotNeutral, [[1, 1], [1, 1], [1, 1]]), (Tag.Make, "share-route"), (Tag.Model, "fixture"),
    (Tag.DNGVersion, DNGVersion.V1_4), (Tag.DNGBackwardVersion, DNGVersion.V1_2),
]:
    tags.set(tag, value)
writer = RAW2DNG()
writer.options(tags, path="", compress=False)
writer.convert((numpy.arange(256, dtype=numpy.uint16).reshape(16, 16) * 16), filename="sensor")
os.rename("sensor.dng", "sensor.tif")
add("sensor.tif", "image/x-adobe-dng")
# Camera raw in TIFF/EP, written by tifffile: a thumbnail first directory naming a Nikon camera,
# with SubIFDs holding the Bayer mosaic (as a NEF is laid out), named as the TIFF it is built on;
# and a Nikon camera's ordinary TIFF picture (no SubIFDs), which stays a TIFF.
import tifffile
thumb = numpy.zeros((8, 12, 3), numpy.uint8)
with tifffile.TiffWriter("shot-nef.tif") as tif:
    tif.write(thumb, photometric="rgb", subifds=1, subfiletype=1,
              extratags=[(271, "s", 0, "NIKON CORPORATION", True), (272, "s", 0, "NIKON Z 6", True)])
    tif.write(numpy.arange(256, dtype=numpy.uint16).reshape(16, 16) * 16, photometric=32803)
add("shot-nef.tif", "image/x-nikon-nef")
tifffile.imwrite("nikon-picture.tif", thumb, photometric="rgb", extratags=[(271, "s", 0, "NIKON CORPORATION", True)])
add("nikon-picture.tif", "image/tiff")
# An animated PNG of two frames, written by Pillow.
from PIL import Image
frames = [Image.new("RGB", (4, 4), colour) for colour in ("red", "blue")]
frames[0].save("blink.png", save_all=True, append_images=frames[1:], duration=200, loop=0)
add("blink.png", "image/apng")
# OpenDocument as one XML file, written by odfpy.
from odf.opendocument import OpenDocumentText
from odf.text import P
document = OpenDocumentText()
document.text.addElement(P(text="hello"))
write("letter.fodt", document.xml(), "application/vnd.oasis.opendocument.text-flat-xml")
# Packages laid out by hand with zipfile (no tool here writes them): an XPS and an OpenXPS document
# (the package relationship to the fixed document sequence, in each one's namespace), a legacy
# Mozilla add-on (install.rdf), an OpenOffice.org extension (its manifest lists a Basic library).
rels = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
        'relationships"><Relationship Target="/FixedDocumentSequence.fdseq" Id="R0" Type="{}/fixedrepresentation"/>'
        '</Relationships>')
for name, namespace, kind in [("print.xps", "http://schemas.microsoft.com/xps/2005/06", "application/vnd.ms-xpsdocument"),
                              ("print.oxps", "http://schemas.openxps.org/oxps/v1.0", "application/oxps")]:
    with zipfile.ZipFile(name, "w", zipfile.ZIP_DEFLATED) as package:
        package.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>')
        package.writestr("_rels/.rels", rels.format(namespace))
        package.writestr("FixedDocumentSequence.fdseq", "<FixedDocumentSequence/>")
    add(name, kind)
with zipfile.ZipFile("addon.xpi", "w", zipfile.ZIP_DEFLATED) as package:
    package.writestr("install.rdf", '<?xml version="1.0"?><RDF xmlns="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/>')
    package.writestr("chrome.manifest", "content addon chrome/content/\n")
add("addon.xpi", "application/x-xpinstall")
with zipfile.ZipFile("macros.oxt", "w", zipfile.ZIP_DEFLATED) as package:
    package.writestr("META-INF/manifest.xml", '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest='
                     '"http://openoffice.org/2001/manifest"><manifest:file-entry manifest:media-type='
                     '"application/vnd.sun.star.basic-library" manifest:full-path="Library/"/></manifest:manifest>')
    package.writestr("Library/script.xlb", "<library/>")
add("macros.oxt", "application/vnd.openofficeorg.extension")
# Sources written by hand in Go, Rust and C#, with no extension: libmagic takes the first two for C.
write("server-go", """// Command server answers share requests over HTTP.
package main

import (
	"fmt"
	"net/http"
)

type handler struct {
	name string
}

func (h handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	fmt.Fprintf(w, "shared with %s\\n", h.name)
}

func main() {
	http.ListenAndServe(":8080", handler{name: "share-route"})
}
""", "text/x-go")
write("route-rs", """// Prints the handlers that accept a share.
use std::collections::HashMap;

#[derive(Debug)]
struct Handler {
    name: String,
    accepts: Vec<String>,
}

fn main() {
    let mut handlers: HashMap<&str, Handler> = HashMap::new();
    handlers.insert("gallery", Handler { name: "Gallery".to_string(), accepts: vec!["image/*".to_string()] });
    for (id, handler) in &handlers {
        println!("{id}: {:?}", handler);
    }
}
""", "text/rust")
# Kotlin, as an Android share target's activity is written: libmagic calls such files plain text,
# C, C++ or Java.
write("share-kt", """package com.example.share

import android.content.Intent
import android.os.Bundle
import androidx.appcompat.app.AppCompatActivity

class ShareActivity : AppCompatActivity() {
    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        val text = intent.getStringExtra(Intent.EXTRA_TEXT) ?: return
        show(text)
    }

    private fun show(text: String) = println(text)
}
""", "text/x-kotlin")
write("pick-kt", """package com.example.share

import com.example.share.model.Target

class Picker {
  fun pick(targets: List<Target>): Target? = targets.firstOrNull()
}
""", "text/x-kotlin")
# Scala: libmagic calls a file with a main method Java, one without plain text.
write("route-scala", """package com.example.share

import scala.collection.mutable

/** Routes a share to the first handler that takes its type. */
final case class Handler(id: String, types: Set[String])

object Router {
  private val handlers = mutable.ListBuffer.empty[Handler]

  def register(handler: Handler): Unit = handlers += handler

  def route(mime: String): Option[Handler] = handlers.find(_.types.contains(mime))

  def main(args: Array[String]): Unit = {
    register(Handler("gallery", Set("image/jpeg", "image/png")))
    println(route("image/jpeg").map(_.id).getOrElse("nobody"))
  }
}
""", "text/x-scala")
write("hello-scala", """object Hello extends App {
  val names = List("Ada", "Grace")
  for (name <- names) println(s"Hello, $name")
}
""", "text/x-scala")
write("Tool-cs", """using System;
using System.Collections.Generic;

namespace ShareRoute.Samples
{
    public static class Program
    {
        public static void Main(string[] args)
        {
            var handlers = new List<string> { "Gallery", "Chat" };
            foreach (var handler in handlers)
            {
                Console.WriteLine(handler);
            }
        }
    }
}
""", "text/x-csharp")
# An Excellon drill file written by hand as KiCad writes one (its ;FORMAT= comment is what
# freedesktop's MPSub subtitle rule takes).
write("board.drl", "M48\n;DRILL file {KiCad 7.0.1} date Sat Nov 28 2026\n;FORMAT={-:-/ absolute / metric / decimal}\nFMAT,2\n"
      "METRIC\nT1C0.800\nT2C1.000\n%\nG90\nG05\nT1\nX12.7Y-25.4\nX15.24Y-25.4\nT2\nX20.32Y-30.48\nT0\nM30\n",
      "application/x-excellon")

# iWork packages (2013 and later), laid out as Keynote and Numbers write them: Index/Document.iwa first,
# then the app's own parts (Keynote's slides; Numbers' tables, which Pages documents may hold too).
def varint(value):
    out = b""
    while True:
        out += bytes([value & 0x7F | (0x80 if value > 0x7F else 0)]); value >>= 7
        if not value:
            return out


def iwa(message_type):
    """An IWA stream whose root object (identifier 1) is a document archive of `message_type`,
    empty: one chunk (a zero byte, a 3-byte length) of a raw Snappy block written as one literal."""
    # ArchiveInfo: identifier 1, then a MessageInfo (type, version 1.0.5 packed, payload length 0).
    message_info = b"\x08" + varint(message_type) + b"\x12\x03\x01\x00\x05\x18\x00"
    info = b"\x08\x01" + b"\x12" + varint(len(message_info)) + message_info
    raw = varint(len(info)) + info
    assert len(raw) <= 60
    block = varint(len(raw)) + bytes([(len(raw) - 1) << 2]) + raw
    return b"\x00" + len(block).to_bytes(3, "little") + block


def iwork(name, parts, document_type=1):
    # The document archive's type: Keynote's and Numbers' are 1, Pages' is 10000.
    with zipfile.ZipFile(name, "w", zipfile.ZIP_STORED) as package:
        package.writestr("Index/Document.iwa", iwa(document_type))
        for part in parts:
            package.writestr(part, b"\x00\x10\x00\x00" + b"\x08\x02" * 8)
        package.writestr("Index/Metadata.iwa", b"\x00\x08\x00\x00\x08\x01")
        package.writestr("Metadata/DocumentIdentifier", b"6F1C2A44-1B1D-4E0B-9C53-3A4F0C7E2D11")
iwork("talk.key", ["Index/Slide.iwa", "Index/MasterSlide.iwa"]); add("talk.key", "application/vnd.apple.keynote")
iwork("plan.numbers", ["Index/Tables/DataList.iwa", "Index/CalculationEngine.iwa"])
add("plan.numbers", "application/vnd.apple.numbers")
iwork("memo.pages", ["Index/Tables/DataList.iwa", "Index/CalculationEngine.iwa"], 10000)
add("memo.pages", "application/vnd.apple.pages")
# Its first 99 bytes, as a share cut short holds them: an iWork package, but which app's only a name tells.
cut("plan.numbers", "iwork-head.bin", 99, "application/zip")

# A Visio template as Visio 2013 and later lay one out ([MS-VSDX]): its kind is its main part's
# content type (a drawing, template or stencil all hold visio/document.xml).
with zipfile.ZipFile("flow.vstx", "w", zipfile.ZIP_DEFLATED) as package:
    package.writestr("[Content_Types].xml", '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<Types xmlns='
                     '"http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType='
                     '"application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType='
                     '"application/xml"/><Override PartName="/visio/document.xml" ContentType='
                     '"application/vnd.ms-visio.template.main+xml"/><Override PartName="/visio/pages/pages.xml" ContentType='
                     '"application/vnd.ms-visio.pages+xml"/></Types>')
    package.writestr("_rels/.rels", '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<Relationships xmlns='
                     '"http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type='
                     '"http://schemas.microsoft.com/visio/2010/relationships/document" Target="visio/document.xml"/>'
                     '</Relationships>')
    package.writestr("visio/document.xml", '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<VisioDocument '
                     'xmlns="http://schemas.microsoft.com/office/visio/2012/main"/>')
    package.writestr("visio/pages/pages.xml", '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<Pages '
                     'xmlns="http://schemas.microsoft.com/office/visio/2012/main"/>')
add("flow.vstx", "application/vnd.ms-visio.template.main+xml")

# A Word template saved by LibreOffice (its File Information Block's fDot bit set; libmagic says a
# Word document), named without its extension; report.doc above is a Word document with the bit clear.
with open("minutes.txt", "w") as f:
    f.write("Meeting minutes\nDate:\nAttendees:\n")
run(soffice, "--headless", "--convert-to", "dot:MS Word 97 Vorlage", "minutes.txt")
os.rename("minutes.dot", "minutes-template"); add("minutes-template", "application/msword-template")
os.remove("minutes.txt")

# Kindle books written by calibre's ebook-convert: KF8 alone (AZW3: MOBI header version 8), the
# old Mobipocket format (version 6), and the dual file that holds both (version 6 first).
with open("poem.txt", "w") as f:
    f.write("Sonnet\n\nHow do I love thee? Let me count the ways.\n")
run("ebook-convert", "poem.txt", "poem.azw3")
os.rename("poem.azw3", "poem-kf8"); add("poem-kf8", "application/vnd.amazon.mobi8-ebook")
run("ebook-convert", "poem.txt", "poem.mobi", "--mobi-file-type", "old")
os.rename("poem.mobi", "poem-mobi6"); add("poem-mobi6", "application/x-mobipocket-ebook")
run("ebook-convert", "poem.txt", "poem.mobi", "--mobi-file-type", "both")
os.rename("poem.mobi", "poem-dual"); add("poem-dual", "application/x-mobipocket-ebook")
os.remove("poem.txt")

# Sources in languages libmagic calls plain text, written by hand, named without extensions.
write("square-coffee", """# Functions:
square = (x) -> x * x
cube   = (x) -> x * square x

math =
  root:   Math.sqrt
  square: square

race = (winner, runners...) ->
  print winner, runners
""", "application/vnd.coffeescript")
write("hello-vala", """using GLib;

public class Greeter : Object {
	public void run () {
		stdout.printf ("Hello\\n");
	}

	static int main (string[] args) {
		new Greeter ().run ();
		return 0;
	}
}
""", "text/x-vala")
write("norm-matlab", """% NORM2  Euclidean norm of each column.
function [n, count] = norm2 (a)
  n = sqrt (sum (a .^ 2));
  count = columns (a);
end
""", "text/x-matlab")
write("exit-gas", """\t.section .text
\t.globl _start
_start:
\tmovl $1, %eax
\txorl %ebx, %ebx
\tint $0x80
""", "text/x-asm")
write("exit-nasm", """section .text
global _start
_start:
    mov eax, 60
    xor edi, edi
    syscall
""", "text/x-asm")
write("people-trig", """@prefix foaf:   <http://xmlns.com/foaf/0.1/> .
@prefix ex:     <http://example.org/> .

ex:staff {
    ex:ada foaf:name "Ada" .
}

<http://example.org/visitors> {
    ex:grace foaf:name "Grace" .
}
""", "application/trig")
write("person-jsonld", """{
  "http://schema.org/name": [{ "@value": "Ada Lovelace" }],
  "http://schema.org/url": [{ "@id": "https://example.org/ada" }]
}
""", "application/ld+json")
write("cim-mof", """// Copyright (c) 2026 share-route
   [Version ( "2.8.0" ),
    Description ( "A computer system that is a single node." )]
class CIM_SingleNodeSystem : CIM_ComputerSystem {
      [Description ( "Whether the system is dedicated." )]
   uint16 Dedicated;
};
""", "text/x-mof")
write("disc-gdi", """3
1 0 4 2352 track01.bin 0
2 756 0 2352 track02.raw 0
3 45000 4 2352 track03.bin 0
""", "application/x-gd-rom-cue")
write("check-sv", """`include "checks.svh"

function void checker::report();
  $display("checked %0d", count);
endfunction : report
""", "text/x-svsrc")

if SMALL:
    kept = []
    for name, kind in truth:
        if os.path.getsize(name) <= 12 * 1024:
            kept.append((name, kind))
        else:
            os.remove(name)
    truth = kept
with open(os.path.join(OUT, "truth.tsv"), "w") as f:
    for name, kind in truth:
        f.write(f"{name}\t{kind}\n")
print(f"{len(truth)} files in {FILES}")
