#!/usr/bin/env bash
# Remakes samples/fixtures/: the files the sniffing tests check, one per case, taken from the
# corpus that corpus/make_corpus.py makes with real tools (ImageMagick, heif-enc, Pillow, ffmpeg,
# zip/tar, python-docx, openpyxl, python-pptx, odfpy, EbookLib, fpdf2, vobject, icalendar).
# Small on purpose (under 500 KB together); the big and varied ones stay in the corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 corpus/make_corpus.py "$work" >/dev/null
rm -rf samples/fixtures
mkdir -p samples/fixtures
while read -r name; do
  [ -n "$name" ] && cp "$work/files/$name" samples/fixtures/
done <<'LIST'
img0.jpg
img0.png
anim.gif
img0.webp
img.bmp
img.tiff
favicon.ico
img.heic
img.avif
webp-named.jpg
heic-named.jpg
jpeg-named.png
comment.svg
inkscape.svg
plain.svgz
cairo.eps
a.xltx
share.puml
proxy.pac
sbom.spdx
triangle.dae
cairo.ps
a.mp3
cover.mp3
a.flac
a.ogg
a.m4a
audio-only.mp4
a.aac
a.wma
b.caf
v.mp4
mov-named.mp4
v.mkv
v.webm
v.ts
v.m2ts
v.wmv
crlf-before.pdf
pdf-named.txt
reordered.docx
docx-last-types.docx
reordered.xlsx
reordered.pptx
a.odt
mimetype-last.odt
a.epub
reordered.epub
a.jar
a.apk
a.ipa
a.zip
zip-named.docx
zip-named.epub
a.tar.gz
prose.txt
prose-commas.txt
starts-mz.txt
starts-pk.txt
list.txt
notes-colon.txt
a.csv
semicolon.csv
quoted.csv
ID.csv
a.tsv
a.json
pretty.json
a.md
readme.md
table.md
a.yaml
doc.yaml
compose.yml
a.toml
schema.sql
query.sql
a.css
media.css
page.html
fragment.html
nodoctype.html
a.xhtml
a.xml
nodecl.xml
feed.rss
feed.atom
a.vcf
a.ics
a.swift
noimport.swift
a.py
cls.py
a.js
dom.js
a.sh
a.c
empty.txt
one-byte.bin
soi.jpg
x.txt
LIST
du -sh samples/fixtures
