#!/usr/bin/env bash
# Remakes samples/shortcuts/: small real files, one per form, of the formats whose libmagic answer
# share-route gives from their first bytes (LibmagicShortcuts), so that the differential test
# (BufferedSniffTests) holds every shortcut to libmagic on real files made by real tools, whole
# and cut short. Needs ffmpeg (with libvorbis, libopus, libtheora, speex, libmp3lame), ImageMagick,
# xz, zstd and bzip2. Deterministic apart from the tools' own versions.
set -euo pipefail
cd "$(dirname "$0")/.."
out=samples/shortcuts
rm -rf "$out"
mkdir -p "$out"
ff() { ffmpeg -nostdin -loglevel error -y "$@"; }
sine=(-f lavfi -i "sine=frequency=440:duration=0.2:sample_rate=8000")
ff "${sine[@]}" -c:a pcm_s16le "$out/tone.wav"
ff "${sine[@]}" -c:a pcm_s16be "$out/tone.aiff"
ff "${sine[@]}" -c:a libvorbis "$out/tone-vorbis.ogg"
ff "${sine[@]}" -c:a libopus -ar 48000 "$out/tone-opus.ogg"
ff "${sine[@]}" -c:a flac "$out/tone-flac.oga"
ff "${sine[@]}" -c:a libspeex "$out/tone-speex.ogg"
ff -f lavfi -i "testsrc=duration=0.2:size=32x32:rate=5" -c:v libtheora "$out/clip-theora.ogv"
ff -f lavfi -i "testsrc=duration=0.2:size=32x32:rate=5" -c:v mjpeg "$out/clip.avi"
# MP3 (MPEG layer III) behind an ID3v2.4 and an ID3v2.3 tag.
ff "${sine[@]}" -c:a libmp3lame -ar 22050 -id3v2_version 4 -metadata title=Tone "$out/tone-id3v24.mp3"
ff "${sine[@]}" -c:a libmp3lame -ar 16000 -id3v2_version 3 -metadata title=Tone "$out/tone-id3v23.mp3"
# BMP with each DIB header ImageMagick writes (OS/2 12, Windows 40, V5 124) and a big-endian TIFF.
convert -size 8x8 xc:red "BMP2:$out/red-os2.bmp"
convert -size 8x8 xc:red "BMP3:$out/red-v3.bmp"
convert -size 8x8 xc:red "BMP:$out/red-v5.bmp"
convert -size 8x8 xc:red -endian MSB "$out/red-msb.tiff"
seq 1 200 | sed 's/^/share-route shortcut sample line /' > "$out/notes.txt"
xz -9 -k -c "$out/notes.txt" > "$out/notes.txt.xz"
zstd -q -19 -c "$out/notes.txt" > "$out/notes.txt.zst"
bzip2 -9 -c "$out/notes.txt" > "$out/notes.txt.bz2"
rm "$out/notes.txt"
ls -l "$out"
