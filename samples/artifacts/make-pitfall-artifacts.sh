#!/usr/bin/env bash
# Remakes samples/artifacts/pitfalls/ and hostile/: built artifacts with the platform pitfalls that survive a
# build, for `share-route lint` on artifacts (tests hold each finding to its component and filter).
#
#   pitfalls.apk           aapt2 link of the manifest below against Debian's framework-res (API 29):
#                          a SEND filter without DEFAULT, SEND without SEND_MULTIPLE for images,
#                          an upper-case type, android:priority on a share filter, a label that is
#                          a framework string (only a device has it) and two string resources
#                          that refer to each other (a cycle aapt2 lets through).
#   Pitfalls.appex/        an extension folder whose binary Info.plist (plistutil) ships the
#                          TRUEPREDICATE activation rule App Review rejects.
#   ../hostile/bomb.apk    a ZIP (Python's zipfile, zlib) whose AndroidManifest.xml inflates to 16 MiB
#                          of zeros (16 KB compressed), over the 8 MiB bound: refused before a read.
#   ../hostile/bomb-lying.apk the same member with sizes patched to claim 2,000 bytes: decompression
#                          must stop at the bound, never trust the claim.
#
# Tools: aapt2 2.19-debian, android-framework-res 10.0.0+r36, plistutil 2.2.0, Info-ZIP zip.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/pitfalls"
hostile="$(dirname "$here")/hostile"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$here" "$work/res/values"

cat > "$work/AndroidManifest.xml" <<'XML'
<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.example.pitfalls">
    <application android:label="@string/app_name">
        <activity android:name="org.example.pitfalls.QuickActivity" android:exported="true" android:label="@string/quick">
            <intent-filter>
                <action android:name="android.intent.action.SEND" />
                <data android:mimeType="text/plain" />
            </intent-filter>
        </activity>
        <activity android:name="org.example.pitfalls.PhotoActivity" android:exported="true" android:label="@string/photo">
            <intent-filter>
                <action android:name="android.intent.action.SEND" />
                <category android:name="android.intent.category.DEFAULT" />
                <data android:mimeType="image/*" />
            </intent-filter>
        </activity>
        <activity android:name="org.example.pitfalls.DocsActivity" android:exported="true" android:label="@android:string/copy">
            <intent-filter>
                <action android:name="android.intent.action.SEND" />
                <action android:name="android.intent.action.SEND_MULTIPLE" />
                <category android:name="android.intent.category.DEFAULT" />
                <data android:mimeType="Application/PDF" />
            </intent-filter>
        </activity>
        <activity android:name="org.example.pitfalls.NotesActivity" android:exported="true" android:label="@string/notes">
            <intent-filter android:priority="5">
                <action android:name="android.intent.action.SEND" />
                <category android:name="android.intent.category.DEFAULT" />
                <data android:mimeType="text/plain" />
            </intent-filter>
        </activity>
    </application>
</manifest>
XML
cat > "$work/res/values/strings.xml" <<'XML'
<resources>
    <string name="app_name">Pitfalls</string>
    <string name="quick">Quick note</string>
    <string name="photo">Save photo</string>
    <string name="notes">@string/notes_again</string>
    <string name="notes_again">@string/notes</string>
</resources>
XML
(cd "$work" && aapt2 compile --dir res -o res.zip \
  && aapt2 link -I /usr/share/android-framework-res/framework-res.apk --manifest AndroidManifest.xml \
       --min-sdk-version 24 --target-sdk-version 29 -o pitfalls.apk res.zip)
cp "$work/pitfalls.apk" "$here/pitfalls.apk"

rm -rf "$here/Pitfalls.appex"
mkdir -p "$here/Pitfalls.appex"
cat > "$work/Info.plist" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>CFBundleDisplayName</key><string>Pitfalls</string>
	<key>CFBundleIdentifier</key><string>org.example.pitfalls.share</string>
	<key>CFBundleName</key><string>Pitfalls</string>
	<key>CFBundlePackageType</key><string>XPC!</string>
	<key>NSExtension</key>
	<dict>
		<key>NSExtensionAttributes</key>
		<dict><key>NSExtensionActivationRule</key><string>TRUEPREDICATE</string></dict>
		<key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string>
	</dict>
</dict>
</plist>
XML
plistutil -i "$work/Info.plist" -o "$here/Pitfalls.appex/Info.plist" -f bin
mkdir -p "$hostile"
python3 - "$hostile" <<'PY'
import struct, sys, zipfile
here = sys.argv[1]
for name, lie in (("bomb.apk", False), ("bomb-lying.apk", True)):
    path = f"{here}/{name}"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        info = zipfile.ZipInfo("AndroidManifest.xml", date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        archive.writestr(info, bytes(16 << 20))
    if lie:
        data = bytearray(open(path, "rb").read())
        for signature, offset in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):
            at = data.find(signature)
            struct.pack_into("<I", data, at + offset, 2000)
        open(path, "wb").write(bytes(data))
PY
touch -d '1980-01-01T00:00:00Z' "$here/pitfalls.apk" "$here/Pitfalls.appex/Info.plist" "$hostile/bomb.apk" "$hostile/bomb-lying.apk"
ls -l "$here" "$here/Pitfalls.appex"
