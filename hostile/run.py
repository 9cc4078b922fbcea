#!/usr/bin/env python3
"""Runs hostile inputs against the built share-route binary and reports each outcome.

Usage: hostile/run.py [BINARY]   (default .build/debug/share-route; build it first)

Every case runs with a 10 s timeout. A case passes when the process ends in time, does not crash
(no signal), exits with the documented status, and — where a good file rides along — still routes
the good item. Exit status: 0 when every case passes.
"""
import json, os, shutil, subprocess, sys, tempfile, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/share-route")
PHOTO = os.path.join(ROOT, "samples/photo.jpg")
work = tempfile.mkdtemp(prefix="share-route-hostile-")
results = []


def run(args, stdin=None, cwd=work):
    started = time.monotonic()
    try:
        done = subprocess.run([BIN, *args], input=stdin, capture_output=True, timeout=10, cwd=cwd)
    except subprocess.TimeoutExpired:
        return None, "", "", time.monotonic() - started
    return done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace"), time.monotonic() - started


def case(name, args, expect_status, check=None, stdin=None):
    status, out, err, seconds = run(args, stdin)
    problems = []
    if status is None:
        problems.append("timed out (10 s)")
    elif status < 0:
        problems.append(f"killed by signal {-status}")
    elif status not in (expect_status if isinstance(expect_status, tuple) else (expect_status,)):
        problems.append(f"exit {status}, expected {expect_status}")
    if status is not None and status >= 0 and check:
        problem = check(out, err)
        if problem:
            problems.append(problem)
    first_error = next((line for line in err.splitlines() if line.strip()), "")
    results.append((name, status, seconds, "ok" if not problems else "FAIL: " + "; ".join(problems), first_error[:110]))


def photo_routed(out, err):
    try:
        route = json.loads(out)
    except ValueError:
        return "no JSON route on stdout"
    names = [item["share"]["name"] for item in route.get("items", [])]
    if "photo.jpg" not in names:
        return "the good photo was lost"
    if not route.get("accepted"):
        return "nothing accepted the good photo"
    return None


def with_photo(name, path, expect=66):
    case(name, ["--json", "--", path, PHOTO], expect, photo_routed)


# ---------------------------------------------------------------- hostile files
fifo = os.path.join(work, "fifo"); os.mkfifo(fifo)
with_photo("FIFO", fifo)
with_photo("/dev/zero", "/dev/zero")
with_photo("/dev/urandom", "/dev/urandom")
with_photo("a directory", work)
os.symlink(os.path.join(work, "nowhere"), os.path.join(work, "dangling"))
with_photo("dangling symlink", os.path.join(work, "dangling"))
os.symlink(os.path.join(work, "loop-b"), os.path.join(work, "loop-a")); os.symlink(os.path.join(work, "loop-a"), os.path.join(work, "loop-b"))
with_photo("looping symlink", os.path.join(work, "loop-a"))
sparse = os.path.join(work, "sparse.mp4")
with open(sparse, "wb") as f:
    f.truncate(10 * 1024**3)
with_photo("10 GB sparse file", sparse, 0)
open(os.path.join(work, "empty"), "w").close()
with_photo("zero-byte file", os.path.join(work, "empty"), 0)
with open(os.path.join(work, "one"), "wb") as f:
    f.write(b"\x00")
with_photo("one-byte file", os.path.join(work, "one"), 0)
for label, name in [("name with spaces", "a photo of me.jpg"), ("name with a newline", "line\nbreak.jpg"),
                    ("name with a leading dash", "-rf.jpg"), ("name with invalid UTF-8", b"bad\xff\xfe.jpg")]:
    path = os.path.join(work.encode() if isinstance(name, bytes) else work, name)
    shutil.copyfile(PHOTO, path)
    display = path.decode("utf-8", "surrogateescape") if isinstance(path, bytes) else path
    case(label, ["--json", "--", display], 0, photo_routed if False else (lambda out, err: None if '"accepted":[{' in out.replace(" ", "").replace("\n", "") else "not routed"))
deep = work
for i in range(40):
    deep = os.path.join(deep, "d" * 100)
os.makedirs(deep)
long_path = os.path.join(deep, "photo.jpg")
shutil.copyfile(PHOTO, long_path)
case(f"path of {len(long_path)} bytes", ["--json", long_path], 0, lambda out, err: None if '"accepted"' in out else "not routed")
# A file truncated while it is being read: a writer keeps truncating and refilling it.
churn = os.path.join(work, "churn.jpg")
shutil.copyfile(PHOTO, churn)
stop = threading.Event()
def churner():
    data = open(PHOTO, "rb").read()
    while not stop.is_set():
        with open(churn, "wb") as f:
            f.write(data[: len(data) // 3])
        with open(churn, "wb") as f:
            f.write(data)
thread = threading.Thread(target=churner); thread.start()
for attempt in range(20):
    status, _, _, seconds = run(["sniff", "--json", churn])
    if status is None or status < 0 or status not in (0, 66):
        break
stop.set(); thread.join()
results.append(("file truncated while read (20 runs)", status, seconds,
                "ok" if status in (0, 66) else f"FAIL: exit {status}", ""))

# ---------------------------------------------------------------- hostile manifests
def manifests(name, files, expect=65):
    d = os.path.join(work, "m-" + name.replace(" ", "-")); os.makedirs(d)
    for file_name, text in files.items():
        with open(os.path.join(d, file_name), "wb") as f:
            f.write(text if isinstance(text, bytes) else text.encode())
    with open(os.path.join(d, "good.yaml"), "w") as f:
        f.write("id: good\nlabel: Good\nandroid:\n  intentFilters:\n    - actions: [SEND]\n      mimeTypes: [image/*]\n")
    case("manifest: " + name, ["--json", "--manifests", d, PHOTO], expect,
         lambda out, err: None if '"good"' in out and err.strip() else "the good manifest was lost or no error named")

manifests("truncated YAML", {"bad.yaml": "id: x\nlabel: [unclosed\n"})
manifests("truncated JSON", {"bad.json": '{"id": "x", "label": '})
manifests("wrong types everywhere", {"bad.yaml": "id: 3\nlabel: {a: 1}\norder: x\nandroid: []\nios: 7\n"})
manifests("huge file (3 MB)", {"bad.yaml": "id: big\nlabel: " + "x" * 3_000_000 + "\n"})
manifests("deeply nested (10,000 levels)", {"bad.yaml": "id: x\nlabel: y\nios: " + "[" * 10000 + "]" * 10000 + "\n"})
manifests("deeply nested JSON", {"bad.json": '{"id":"x","label":"y","ios":' + "[" * 10000 + "]" * 10000 + "}"})
laughs = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
for i, prev in zip("bcdefghij", "abcdefghi"):
    laughs += f"{i}: &{i} [*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev},*{prev}]\n"
manifests("billion laughs aliases", {"bad.yaml": laughs + "id: x\nlabel: y\n"})
manifests("duplicate id across formats", {"a.yaml": "id: dup\nlabel: A\n", "b.json": '{"id": "dup", "label": "B"}'})
manifests("not UTF-8", {"bad.yaml": b"id: \xff\xfe\nlabel: x\n"})
# Platform files and predicate strings (AndroidManifest.xml, Info.plist, activation predicates).
import struct
sample_android = open(os.path.join(ROOT, "samples/platform/android/AndroidManifest.xml"), "rb").read()
sample_plist = open(os.path.join(ROOT, "samples/platform/ios/Share/Info.plist"), "rb").read()
sample_binary = open(os.path.join(ROOT, "samples/platform/ios/Action/Info.plist"), "rb").read()
entity_bomb = ('<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n'
               + "".join(f' <!ENTITY lol{i} "{"&lol%s;" % (i - 1 if i > 1 else "") * 10}">\n' for i in range(1, 10))
               + ']>\n<manifest package="p">&lol9;</manifest>\n')
manifests("XML entity bomb (AndroidManifest.xml)", {"AndroidManifest.xml": entity_bomb})
manifests("truncated AndroidManifest.xml", {"AndroidManifest.xml": sample_android[: len(sample_android) // 2]})
manifests("truncated XML Info.plist", {"Info.plist": sample_plist[: len(sample_plist) // 2]})
manifests("truncated binary Info.plist", {"Info.plist": sample_binary[: len(sample_binary) // 2]})
manifests("XML nested 60,000 deep", {"Info.plist": "<plist>" + "<array>" * 60000 + "</array>" * 60000 + "</plist>"})
cycle = b"bplist00" + bytes([0xA1, 0x00]) + bytes([8]) + bytes(6) + bytes([1, 1]) + struct.pack(">QQQ", 1, 0, 10)
manifests("binary plist referring to itself", {"Info.plist": cycle})
# A DAG bomb: 12 arrays, each holding the next one 10 times (10^12 values once expanded).
objects, offsets = [], []
for level in range(12):
    nxt = level + 1 if level < 11 else None
    objects.append(bytes([0xAA]) + bytes([nxt] * 10) if nxt is not None else bytes([0x10, 0x01]))
data = b"bplist00"
for obj in objects:
    offsets.append(len(data)); data += obj
table = len(data)
data += bytes(offsets) + bytes(6) + bytes([1, 1]) + struct.pack(">QQQ", len(objects), 0, table)
manifests("binary plist sharing objects (10^12 values expanded)", {"Info.plist": data})
manifests("wrong types in an Info.plist", {"Info.plist": b"<plist><dict><key>CFBundleIdentifier</key><array/><key>NSExtension</key><dict><key>NSExtensionAttributes</key><dict><key>NSExtensionActivationRule</key><dict><key>NSExtensionActivationSupportsText</key><dict/></dict></dict></dict></dict></plist>"})
def both_kept(out, err):
    ids = [h["id"] for h in json.loads(out).get("accepted", []) + json.loads(out).get("rejected", [])]
    if "org.example.messenger/.SaveToNote" not in ids or not any(i.startswith("org.example.messenger/.SaveToNote@") for i in ids):
        return f"a handler with the shared id was dropped: {ids}"
    return None if "[ambiguous-id]" in err else "the shared id was not announced"
d = os.path.join(work, "m-shared-id"); os.makedirs(d)
with open(os.path.join(d, "AndroidManifest.xml"), "wb") as f:
    f.write(sample_android)
with open(os.path.join(d, "dup.yaml"), "w") as f:
    f.write("id: org.example.messenger/.SaveToNote\nlabel: Dup\n")
case("manifest: an id shared by AndroidManifest.xml and YAML keeps both", ["--json", "--manifests", d, PHOTO], 0, both_kept)
manifests("predicate nested 100,000 deep", {"bad.yaml": "id: x\nlabel: y\nios:\n  activationRule: '" + "(" * 100000 + "TRUEPREDICATE" + ")" * 100000 + "'\n"})
manifests("predicate of 50,000 terms", {"bad.yaml": "id: x\nlabel: y\nios:\n  activationRule: '" + " OR ".join(["a == 1"] * 50000) + "'\n"})
manifests("predicate NOT repeated 100,000 times", {"bad.yaml": "id: x\nlabel: y\nios:\n  activationRule: '" + "NOT " * 100000 + "TRUEPREDICATE'\n"})
big = os.path.join(work, "m-enormous"); os.makedirs(big)
with open(os.path.join(big, "count.yaml"), "w") as f:
    f.write("id: enormous\nlabel: Enormous\nios:\n  activationRule: 'SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, "
            "ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \"public.image\").@count <= 99999999999999999999999999999999999999).@count == 1 "
            "AND extensionItems.@count < 1e308'\n")
case("manifest: predicate with enormous counts", ["--json", "--manifests", big, PHOTO], (0, 65),
     lambda out, err: None if '"enormous"' in out else "the enormous-count handler was lost")
with open(os.path.join(big, "long.yaml"), "w") as f:
    f.write("id: long\nlabel: Long\nios:\n  activationRule: '" + " OR ".join(["extensionItems.@count == 2"] * 9000) + " OR TRUEPREDICATE'\n")
case("manifest: predicate of 9,000 terms still routes", ["--json", "--manifests", big, PHOTO], (0, 65),
     lambda out, err: None if "long" in [a["id"] for a in json.loads(out).get("accepted", [])] else "the 9,000-term handler did not accept")
fifo_dir = os.path.join(work, "m-fifo"); os.makedirs(fifo_dir)
os.mkfifo(os.path.join(fifo_dir, "pipe.yaml"))
shutil.copyfile(os.path.join(ROOT, "manifests/everyday/gallery.yaml"), os.path.join(fifo_dir, "gallery.yaml"))
case("manifest: a FIFO in the directory", ["--json", "--manifests", fifo_dir, PHOTO], 65,
     lambda out, err: None if "com.example.gallery" in out and "pipe.yaml" in err else "FIFO manifest not reported")

# ---------------------------------------------------------------- hostile project files
# The files around platform files (Gradle scripts, string resources, Xcode projects) are untrusted
# too: each hostile one must fall back (the handler still loads, with a warning), never hang or crash.
share_manifest = b"""<manifest xmlns:android="http://schemas.android.com/apk/res/android">
<application><activity android:name=".Share" android:label="@string/label"><intent-filter>
<action android:name="android.intent.action.SEND"/><category android:name="android.intent.category.DEFAULT"/>
<data android:mimeType="image/*"/></intent-filter></activity></application></manifest>"""
share_plist = b"""<plist version="1.0"><dict><key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
<key>NSExtension</key><dict><key>NSExtensionAttributes</key><dict><key>NSExtensionActivationRule</key>
<dict><key>NSExtensionActivationSupportsImageWithMaxCount</key><integer>1</integer></dict></dict>
<key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string></dict></dict></plist>"""

def project(name, files, special=None, args=()):
    d = os.path.join(work, "p-" + name.replace(" ", "-")); os.makedirs(d)
    layout = {"app/src/main/AndroidManifest.xml": share_manifest, "ios/Share/Info.plist": share_plist, **files}
    for rel, data in layout.items():
        path = os.path.join(d, rel); os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data if isinstance(data, bytes) else data.encode())
    if special:
        special(d)
    def both_loaded(out, err):
        ids = [h["id"] for h in json.loads(out).get("accepted", [])]
        return None if len(ids) == 2 else f"accepted {ids}, expected the Android and the iOS handler"
    case("project: " + name, ["--json", *args, "--manifests", d, PHOTO], 0, both_loaded)

project("build.gradle of 5 MB", {"app/build.gradle": b"android { namespace 'org.big' }\n" + b"// " + b"x" * 5_000_000})
project("build.gradle nested 100,000 braces", {"app/build.gradle": b"android " + b"{" * 100000 + b"}" * 100000})
project("build.gradle.kts not UTF-8, unterminated strings", {"app/build.gradle.kts": b'android { namespace = "\xff\xfe\n"""' + b"\x00" * 1000})
project("build.gradle is a FIFO", {}, lambda d: os.mkfifo(os.path.join(d, "app/build.gradle")))
project("build.gradle links to /dev/zero", {}, lambda d: os.symlink("/dev/zero", os.path.join(d, "app/build.gradle")))
project("strings.xml entity bomb", {"app/src/main/res/values/strings.xml": entity_bomb})
project("strings.xml refers to itself", {"app/src/main/res/values/strings.xml": b'<resources><string name="label">@string/label</string></resources>'})
def many_values(d):
    values = os.path.join(d, "app/src/main/res/values"); os.makedirs(values)
    for i in range(10000):
        with open(os.path.join(values, f"v{i:05}.xml"), "w") as f:
            f.write("<resources/>")
project("10,000 values files", {}, many_values)
project("project.pbxproj nested 100,000 deep", {"ios/App.xcodeproj/project.pbxproj": b"{ a = " + b"(" * 100000})
project("project.pbxproj truncated", {"ios/App.xcodeproj/project.pbxproj": open(os.path.join(ROOT, "samples/projects/notes/ios/Notes.xcodeproj/project.pbxproj"), "rb").read()[:3000]})
project("project.pbxproj of 20 MB", {"ios/App.xcodeproj/project.pbxproj": b"{ a = (" + b"b," * 10_000_000 + b"); }"})
project("project.pbxproj is a FIFO", {}, lambda d: (os.makedirs(os.path.join(d, "ios/App.xcodeproj")), os.mkfifo(os.path.join(d, "ios/App.xcodeproj/project.pbxproj"))))
project("build setting that refers to itself", {"ios/App.xcodeproj/project.pbxproj": b"""{ objects = {
  P = { isa = PBXProject; buildConfigurationList = L; targets = ( T ); };
  T = { isa = PBXNativeTarget; name = Share; buildConfigurationList = TL; };
  L = { isa = XCConfigurationList; buildConfigurations = ( ); };
  TL = { isa = XCConfigurationList; buildConfigurations = ( C ); };
  C = { isa = XCBuildConfiguration; name = Release; buildSettings = { INFOPLIST_FILE = Share/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = "$(A)"; A = "$(B)x"; B = "$(A)y"; }; };
}; rootObject = P; }"""})
project("a link to / inside the tree", {}, lambda d: os.symlink("/", os.path.join(d, "root")))
project("a link loop, followed", {}, lambda d: os.symlink(d, os.path.join(d, "app/loop")), args=("--follow-links",))

# ---------------------------------------------------------------- hostile requests
lines = [json.dumps({"id": "ok1", "items": [{"path": PHOTO}]}), "{", "[]", '{"items": [{"path": 3}]}',
         json.dumps({"id": "many", "items": [{"type": "image/png"}] * 40000}), "\x00\x01garbage",
         json.dumps({"id": "ok2", "items": [{"text": "hi"}]})]
def batch_check(out, err):
    got = out.splitlines()
    if len(got) != len(lines):
        return f"{len(got)} output lines for {len(lines)} input lines"
    ids = [json.loads(line).get("id") for line in got]
    if ids[0] != "ok1" or ids[-1] != "ok2" or ids[4] != "many":
        return f"ids {ids}"
    return None
case("batch: garbage, a 40,000-item request", ["batch", "--jobs", "2"], 65, batch_check, stdin=("\n".join(lines) + "\n").encode())
case("batch: 2 MB line (100,000 items do not fit in 1 MiB)", ["batch"], 65,
     lambda out, err: None if len(out.splitlines()) == 2 and "longer than" in out.splitlines()[0] else "lines lost",
     stdin=(json.dumps({"items": [{"text": "x" * 2_000_000}]}) + "\n" + json.dumps({"items": [{"text": "y"}]}) + "\n").encode())
case("batch: no trailing newline, CRLF", ["batch"], 0, lambda out, err: None if len(out.splitlines()) == 2 else "lines lost",
     stdin=b'{"items":[{"text":"a"}]}\r\n{"items":[{"text":"b"}]}')

shutil.rmtree(work, ignore_errors=True)
width = max(len(r[0]) for r in results)
failed = 0
for name, status, seconds, outcome, first_error in results:
    failed += outcome != "ok"
    print(f"{name.ljust(width)}  exit {str(status):>4}  {seconds:6.2f} s  {outcome}" + (f"  | {first_error}" if first_error else ""))
print(f"\n{len(results) - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
