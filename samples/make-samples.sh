#!/usr/bin/env bash
# Remakes the sample files in samples/ with real tools. Debian: apt-get install imagemagick
# libheif-examples ffmpeg; PyPI: pip install python-docx fpdf2 icalendar vobject.
# All samples together stay well under 1 MB.
set -euo pipefail
cd "$(dirname "$0")"
IM=/usr/bin/convert   # ImageMagick itself (some machines put a stand-in first on PATH)

# Images: a small gradient photo as JPEG, PNG and HEIC; a two-frame GIF.
$IM -size 96x64 gradient:orange-purple -quality 80 photo.jpg
$IM -size 96x64 gradient:teal-white photo.png
heif-enc -q 50 -o photo.heic photo.png >/dev/null
$IM -delay 50 -size 48x48 xc:red xc:blue -loop 0 animation.gif

# Video and audio: one second of test pattern and tone.
ff() { ffmpeg -nostdin -loglevel error -y "$@"; }
ff -f lavfi -i testsrc=size=96x64:rate=10 -t 1 -c:v libx264 -pix_fmt yuv420p clip.mp4
ff -f lavfi -i testsrc=size=96x64:rate=10 -t 1 -c:v libx264 -pix_fmt yuv420p clip.mov
ff -f lavfi -i sine=frequency=440:duration=1 -c:a libmp3lame -b:a 32k song.mp3
ff -f lavfi -i sine=frequency=660:duration=1 -c:a aac -b:a 32k voice.m4a

# Documents, text and containers with Python libraries.
python3 - <<'PY'
import csv, zipfile
from fpdf import FPDF
from docx import Document
import icalendar, vobject, datetime

pdf = FPDF(); pdf.add_page(); pdf.set_font("helvetica", size=14)
pdf.cell(text="Quarterly report: shares routed by content, not by claims.")
pdf.output("report.pdf")

doc = Document(); doc.add_heading("Letter", 1); doc.add_paragraph("Dear reader, this is a DOCX.")
doc.save("letter.docx")

with open("notes.txt", "w") as f:
    f.write("Meeting notes\n\nBring the slides and the signed forms.\nSee you at 8.\n")
with open("table.csv", "w", newline="") as f:
    w = csv.writer(f); w.writerow(["name", "city", "visits"])
    w.writerows([["Ana", "Lisbon", 3], ["Bo", "Oslo", 5], ["Chen", "Taipei", 2]])

card = vobject.vCard(); card.add("fn").value = "Ana Example"
card.add("n").value = vobject.vcard.Name(family="Example", given="Ana")
card.add("tel").value = "+351 555 0100"
with open("contact.vcf", "w") as f: f.write(card.serialize())

cal = icalendar.Calendar(); cal.add("prodid", "-//share-route samples//EN"); cal.add("version", "2.0")
ev = icalendar.Event(); ev.add("uid", "sample-1@share-route"); ev.add("summary", "Team dinner")
ev.add("dtstart", datetime.datetime(2026, 11, 27, 19, 0)); ev.add("dtend", datetime.datetime(2026, 11, 27, 21, 0))
ev.add("dtstamp", datetime.datetime(2026, 11, 22, 12, 0)); cal.add_component(ev)
with open("event.ics", "wb") as f: f.write(cal.to_ical())

with zipfile.ZipFile("archive.zip", "w", zipfile.ZIP_DEFLATED) as z:
    z.write("notes.txt"); z.write("table.csv")
PY

# Files whose names lie: a PDF named .txt and a JPEG named .png.
cp report.pdf scan.txt
cp photo.jpg cat.png
du -cb photo.jpg photo.png photo.heic animation.gif clip.mp4 clip.mov song.mp3 voice.m4a report.pdf \
  letter.docx notes.txt table.csv contact.vcf event.ics archive.zip scan.txt cat.png | tail -1
