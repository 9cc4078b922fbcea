#!/usr/bin/env python3
"""Runs hostile inputs against the built share-route binary and reports each outcome.

Usage: hostile/run.py [BINARY]   (default .build/debug/share-route; build it first)

Every case runs with a 10 s timeout; the "nothing lost, nothing leaked" cases with 2 s and a peak
resident memory of 500 MB (measured with wait4). A case passes when the process ends in time, does
not crash (no signal), exits with the documented status, and — where a good file, manifest or
request line rides along — still answers it. The cases whose inputs made earlier builds take
gigabytes also run under an address-space cap (a crash then, not a swapping machine). Exit status:
0 when every case passes.
"""
import json, os, resource, shlex, shutil, subprocess, sys, tempfile, threading, time
sys.dont_write_bytecode = True  # no __pycache__ left in hostile/
import artifacts  # hostile/artifacts.py: built artifacts (APK, AAB, IPA, binary plists) made to order

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/share-route")
PHOTO = os.path.join(ROOT, "samples/photo.jpg")
work = tempfile.mkdtemp(prefix="share-route-hostile-")
results = []


def run(args, stdin=None, cwd=work, timeout=10, shell=None, cap_mb=None):
    """Runs the binary (or a bash script with $BIN set), its address space capped at `cap_mb` MB
    when given; returns status, stdout, stderr, seconds and the child's peak resident set in MB
    (from wait4, also when it was killed for the timeout)."""
    started = time.monotonic()
    command = ["/bin/bash", "-c", shell] if shell is not None else [BIN, *args]
    env = dict(os.environ, BIN=BIN)
    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (cap_mb << 20, cap_mb << 20))
    # A child's peak starts at this process's own peak (Linux records the old image's high-water
    # mark at exec): reset ours to what we hold now, so that building a 130 MB member or reading a
    # large answer earlier does not count against the next case.
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
    except OSError:
        pass
    process = subprocess.Popen(command, stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd, env=env,
                               preexec_fn=cap if cap_mb else None)
    outputs = {}
    def drain(name, stream):
        outputs[name] = stream.read()
    readers = [threading.Thread(target=drain, args=("out", process.stdout)), threading.Thread(target=drain, args=("err", process.stderr))]
    for reader in readers:
        reader.start()
    if stdin is not None:
        def feed():
            try:
                process.stdin.write(stdin)
                process.stdin.close()
            except (BrokenPipeError, ValueError):
                pass
        threading.Thread(target=feed, daemon=True).start()
    status, peak_mb = None, 0.0
    while True:
        pid, raw, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            status = os.waitstatus_to_exitcode(raw)
            process.returncode = status
            peak_mb = usage.ru_maxrss / 1024
            break
        if time.monotonic() - started > timeout:
            process.kill()
            _, _, usage = os.wait4(process.pid, 0)
            process.returncode = -9
            peak_mb = usage.ru_maxrss / 1024
            break
        time.sleep(0.002)
    for reader in readers:
        reader.join()
    seconds = time.monotonic() - started
    out = outputs.get("out", b"").decode("utf-8", "replace")
    err = outputs.get("err", b"").decode("utf-8", "replace")
    if status is None:
        return None, out, err, seconds, peak_mb
    return status, out, err, seconds, peak_mb


# HOSTILE_SLACK multiplies every time bound (CI runs on shared machines: 3 there).
SLACK = float(os.environ.get("HOSTILE_SLACK", "1"))


def case(name, args, expect_status, check=None, stdin=None, timeout=10, memory_mb=None, shell=None, cap_mb=None):
    """One hostile case: it must end within `timeout` s (and, where given, `memory_mb` of peak
    resident memory), not crash, exit as documented, and pass `check`. `cap_mb` caps the address
    space (a safety net for inputs that made earlier builds take gigabytes)."""
    timeout *= SLACK
    status, out, err, seconds, peak = run(args, stdin, timeout=timeout, shell=shell, cap_mb=cap_mb)
    problems = []
    if status is None:
        problems.append(f"timed out ({timeout} s)")
    elif status < 0:
        problems.append(f"killed by signal {-status}")
    elif status not in (expect_status if isinstance(expect_status, tuple) else (expect_status,)):
        problems.append(f"exit {status}, expected {expect_status}")
    if memory_mb is not None and peak > memory_mb:
        problems.append(f"peak memory {peak:.0f} MB over {memory_mb} MB")
    if status is not None and status >= 0 and check:
        problem = check(out, err)
        if problem:
            problems.append(problem)
    first_error = next((line for line in err.splitlines() if line.strip()), "")
    results.append((name, status, seconds, peak, "ok" if not problems else "FAIL: " + "; ".join(problems), first_error[:110]))


# The bounds of the cases added for "nothing lost, nothing leaked": 2 s and 500 MB each.
TIGHT = {"timeout": 2, "memory_mb": 500}


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
    status, _, _, seconds, peak = run(["sniff", "--json", churn])
    if status is None or status < 0 or status not in (0, 66):
        break
stop.set(); thread.join()
results.append(("file truncated while read (20 runs)", status, seconds, peak,
                "ok" if status in (0, 66) else f"FAIL: exit {status}", ""))

# ---------------------------------------------------------------- hostile manifests
GOOD_YAML = "id: good\nlabel: Good\nandroid:\n  intentFilters:\n    - actions: [SEND]\n      mimeTypes: [image/*]\n"

def good_accepted(out):
    """Why the good manifest's handler is not among the route's accepted ones, or None."""
    try:
        accepted = [handler["id"] for handler in json.loads(out).get("accepted", [])]
    except (ValueError, AttributeError, KeyError, TypeError):
        return "no JSON route on stdout"
    return None if "good" in accepted else "the good manifest was lost"

def manifests(name, files, expect=65, named=None, prepare=None, check=None, limits=None, **bounds):
    """The files (path → text or bytes, folders made) beside good.yaml, routed. With `named` (file
    names), stricter: "good" must be accepted and stderr name every one; `check` adds its own;
    `prepare(d)` makes what files cannot (links); `limits` are ulimit options the route runs under
    (through bash); `bounds` go to case (TIGHT, a cap)."""
    d = os.path.join(work, "m-" + "".join(c if c.isalnum() else "-" for c in name)); os.makedirs(d)  # no .app, .apk
    for file_name, text in files.items():
        os.makedirs(os.path.dirname(os.path.join(d, file_name)), exist_ok=True)
        with open(os.path.join(d, file_name), "wb") as f:
            f.write(text if isinstance(text, bytes) else text.encode())
    with open(os.path.join(d, "good.yaml"), "w") as f:
        f.write(GOOD_YAML)
    if prepare:
        prepare(d)
    def strict(out, err):
        missing = [file_name for file_name in named if file_name not in err]
        if missing:
            return good_accepted(out) or f"stderr does not name {', '.join(missing)}"
        return good_accepted(out) or (check(out, err) if check else None)
    args = ["--json", "--manifests", d, PHOTO]
    case("manifest: " + name, args, expect,
         strict if named is not None else lambda out, err: None if '"good"' in out and err.strip() else "the good manifest was lost or no error named",
         shell=f'ulimit {limits}; exec "$BIN" {shlex.join(args)}' if limits else None, **bounds)
    return d

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
# Each names a share action or NSExtension, so it may hold a share target: an error, not a skip.
manifests("XML entity bomb (AndroidManifest.xml)", {"AndroidManifest.xml": entity_bomb.replace("<manifest", "<!-- android.intent.action.SEND -->\n<manifest")})
manifests("truncated AndroidManifest.xml", {"AndroidManifest.xml": sample_android[: len(sample_android) // 2]})
manifests("truncated XML Info.plist", {"Info.plist": sample_plist[: len(sample_plist) // 2]})
manifests("truncated binary Info.plist", {"Info.plist": sample_binary[: len(sample_binary) // 2]})
manifests("XML nested 60,000 deep", {"Info.plist": "<!-- NSExtension --><plist>" + "<array>" * 60000 + "</array>" * 60000 + "</plist>"})
# A broken plist that names no NSExtension cannot be an extension's: skipped, no handler lost.
skip_dir = os.path.join(work, "m-broken-app-plist"); os.makedirs(skip_dir)
with open(os.path.join(skip_dir, "Info.plist"), "w") as f:
    f.write("<plist><dict><key>CFBundleName</key><string>App</dict></plist>")
with open(os.path.join(skip_dir, "good.yaml"), "w") as f:
    f.write("id: good\nlabel: Good\nandroid:\n  intentFilters:\n    - actions: [SEND]\n      mimeTypes: [image/*]\n")
case("manifest: a broken app Info.plist is skipped, no handler lost", ["lint", skip_dir], 0,
     lambda out, err: None if "skipped: cannot be read" in out and "no handler was lost" in out else "not skipped with its reason")
# An unreferenced ASCII string "NSExtension" rides in each binary plist (the marker of a possible extension).
marker = bytes([0x5B]) + b"NSExtension"
cycle = b"bplist00" + bytes([0xA1, 0x00]) + marker + bytes([8]) + bytes(6) + bytes([1, 1]) + struct.pack(">QQQ", 1, 0, 10 + len(marker))
manifests("binary plist referring to itself", {"Info.plist": cycle})
# A DAG bomb: 12 arrays, each holding the next one 10 times (10^12 values once expanded).
objects, offsets = [], []
for level in range(12):
    nxt = level + 1 if level < 11 else None
    objects.append(bytes([0xAA]) + bytes([nxt] * 10) if nxt is not None else bytes([0x10, 0x01]))
data = b"bplist00"
for obj in objects:
    offsets.append(len(data)); data += obj
data += marker
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

def project(name, files, special=None, args=(), timeout=10, memory_mb=None, kind="project", check=None, cap_mb=None):
    """A project tree (the Android and the iOS share target, plus `files`; `special(d)` makes the
    rest) routed: both handlers must load, and `check` pass. Returns the tree's folder."""
    d = os.path.join(work, kind[0] + "-" + name.replace(" ", "-")); os.makedirs(d)
    layout = {"app/src/main/AndroidManifest.xml": share_manifest, "ios/Share/Info.plist": share_plist, **files}
    for rel, data in layout.items():
        path = os.path.join(d, rel); os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data if isinstance(data, bytes) else data.encode())
    if special:
        special(d)
    def both_loaded(out, err):
        try:
            ids = [h["id"] for h in json.loads(out).get("accepted", [])]
        except ValueError:
            return "no JSON route on stdout"
        if len(ids) != 2:
            return f"accepted {ids}, expected the Android and the iOS handler"
        return check(out, err) if check else None
    case(kind + ": " + name, ["--json", *args, "--manifests", d, PHOTO], 0, both_loaded, timeout=timeout, memory_mb=memory_mb, cap_mb=cap_mb)
    return d

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
# A Gradle build around the manifest: settings, scripts, catalogs, properties.
app_script = b"plugins { id 'com.android.application' }\nandroid { namespace 'org.h'\n defaultConfig { applicationId APP_ID } }\n"
project("settings.gradle with 100,000 includes", {"settings.gradle": b"".join(b"include ':m%d'\n" % i for i in range(100000)) + b"include ':app'\n", "app/build.gradle": app_script})
project("settings.gradle is a FIFO", {"app/build.gradle": app_script}, lambda d: os.mkfifo(os.path.join(d, "settings.gradle")))
project("settings.gradle puts a module at /", {"settings.gradle": b"include ':app', ':root'\nproject(':root').projectDir = new File('/')\n", "app/build.gradle": app_script + b"dependencies { implementation project(':root') }\n"})
project("build.gradle applies itself and loops", {"settings.gradle": b"include ':app'\n", "app/build.gradle": app_script + b"apply from: 'build.gradle'\napply from: '../other.gradle'\n", "other.gradle": b"apply from: 'app/build.gradle'\n"})
project("2,000 modules in a dependency chain", {"settings.gradle": b"include ':app'\n" + b"".join(b"include ':m%d'\n" % i for i in range(2000)),
    "app/build.gradle": app_script + b"dependencies { implementation project(':m0') }\n",
    **{f"m{i}/build.gradle": b"apply plugin: 'com.android.library'\ndependencies { api project(':m%d') }\n" % (i + 1) for i in range(2000)}})
project("gradle.properties is a FIFO, the catalog links to /dev/zero", {"settings.gradle": b"include ':app'\n", "app/build.gradle": app_script},
    lambda d: (os.mkfifo(os.path.join(d, "gradle.properties")), os.makedirs(os.path.join(d, "gradle")), os.symlink("/dev/zero", os.path.join(d, "gradle/libs.versions.toml"))))
project("a variable defined through itself", {"settings.gradle": b"include ':app'\n", "app/build.gradle": b"def A = B + 'x'\ndef B = A + 'y'\n" + app_script.replace(b"APP_ID", b"A")})
# An Xcode project whose settings come from .xcconfig files.
xcconfig_project = b"""{ objects = {
  P = { isa = PBXProject; mainGroup = G; buildConfigurationList = L; targets = ( T ); };
  G = { isa = PBXGroup; children = ( X ); sourceTree = "<group>"; };
  X = { isa = PBXFileReference; path = Config/Base.xcconfig; sourceTree = "<group>"; };
  T = { isa = PBXNativeTarget; name = Share; buildConfigurationList = TL; };
  L = { isa = XCConfigurationList; buildConfigurations = ( ); };
  TL = { isa = XCConfigurationList; buildConfigurations = ( C ); };
  C = { isa = XCBuildConfiguration; name = Release; baseConfigurationReference = X; buildSettings = { INFOPLIST_FILE = Share/Info.plist; }; };
}; rootObject = P; }"""
project("xcconfig files include each other", {"ios/App.xcodeproj/project.pbxproj": xcconfig_project, "ios/Config/Base.xcconfig": b'#include "Other.xcconfig"\nPRODUCT_BUNDLE_IDENTIFIER = org.h.share\n', "ios/Config/Other.xcconfig": b'#include "Base.xcconfig"\n'})
project("xcconfig is a FIFO", {"ios/App.xcodeproj/project.pbxproj": xcconfig_project}, lambda d: (os.makedirs(os.path.join(d, "ios/Config")), os.mkfifo(os.path.join(d, "ios/Config/Base.xcconfig"))))
project("xcconfig includes /dev/zero", {"ios/App.xcodeproj/project.pbxproj": xcconfig_project, "ios/Config/Base.xcconfig": b'#include "/dev/zero"\n#include? "/dev/zero"\n'})
project("xcconfig of 2,000,000 lines", {"ios/App.xcodeproj/project.pbxproj": xcconfig_project, "ios/Config/Base.xcconfig": b"A = $(A)\n" * 100000 + b"x\n" * 1900000})
project("xcconfig nested 1,000 includes deep", {"ios/App.xcodeproj/project.pbxproj": xcconfig_project, "ios/Config/Base.xcconfig": b'#include "c0.xcconfig"\n',
    **{f"ios/Config/c{i}.xcconfig": b'#include "c%d.xcconfig"\nPRODUCT_BUNDLE_IDENTIFIER = org.h.%d\n' % (i + 1, i) for i in range(1000)}})
# Expansion budgets: settings that multiply at every level, or inherit through every target.
def fanout_project(levels, width):
    settings = "L0 = x; " + " ".join(f'L{i} = "' + f"$(L{i-1})" * width + '";' for i in range(1, levels + 1))
    return ("""{ objects = {
  P = { isa = PBXProject; buildConfigurationList = L; targets = ( T ); };
  T = { isa = PBXNativeTarget; name = Share; buildConfigurationList = TL; };
  L = { isa = XCConfigurationList; buildConfigurations = ( ); };
  TL = { isa = XCConfigurationList; buildConfigurations = ( C ); };
  C = { isa = XCBuildConfiguration; name = Release; buildSettings = { INFOPLIST_FILE = Share/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = "$(L%d)"; %s }; };
}; rootObject = P; }""" % (levels, settings)).encode()
project("build settings that multiply ten times over eight levels", {"ios/App.xcodeproj/project.pbxproj": fanout_project(8, 10)}, timeout=5, memory_mb=300)
def inheriting_project(targets, settings):
    lines = ["{ objects = {", "  P = { isa = PBXProject; buildConfigurationList = PL; targets = ( " + ", ".join(f"T{t}" for t in range(targets)) + " ); };",
             "  PL = { isa = XCConfigurationList; buildConfigurations = ( PC ); };",
             "  PC = { isa = XCBuildConfiguration; name = Release; buildSettings = { " + " ".join(f'S{k} = "$(inherited) p{k}";' for k in range(settings)) + " }; };"]
    for t in range(targets):
        extra = 'INFOPLIST_FILE = Share/Info.plist; ' if t == targets - 1 else ""
        lines.append(f"  T{t} = {{ isa = PBXNativeTarget; name = Share{t}; buildConfigurationList = TL{t}; }};")
        lines.append(f"  TL{t} = {{ isa = XCConfigurationList; buildConfigurations = ( C{t} ); }};")
        lines.append(f"  C{t} = {{ isa = XCBuildConfiguration; name = Release; buildSettings = {{ {extra}" + " ".join(f'S{k} = "$(inherited) $(inherited) t{k}";' for k in range(settings)) + " }; };")
    lines.append("}; rootObject = P; }")
    return "\n".join(lines).encode()
project("a 1 MB project whose settings all inherit", {"ios/App.xcodeproj/project.pbxproj": inheriting_project(40, 700)}, timeout=10, memory_mb=400)
# Gradle scripts at the size bound in the nesting shapes that make a reader quadratic.
half = 500_000
project("build.gradle: 500,000 open braces, then words", {"settings.gradle": b"include ':app'\n", "app/build.gradle": b"{" * half + b" a" * (half // 2)}, timeout=10)
project("build.gradle: open parentheses, then closing ones with braces", {"settings.gradle": b"include ':app'\n", "app/build.gradle": b"(" * 300_000 + b"){" * 300_000}, timeout=10)
# A label through a cycle of string references, and one too long: the fallback says which.
project("strings that refer to each other in a cycle", {"app/src/main/res/values/strings.xml": b'<resources><string name="label">@string/other</string><string name="other">@string/label</string></resources>'})
# XcodeGen specs: the plist's target is found through project.yml (no .xcodeproj beside it).
xcodegen_share = b"name: H\ntargets:\n  Share:\n    type: app-extension\n    platform: iOS\n    settings:\n      PRODUCT_BUNDLE_IDENTIFIER: org.h.share\n      INFOPLIST_FILE: Share/Info.plist\n"
def xcodegen(name, files, special=None):
    project(name, files, special, kind="xcodegen")
xcodegen("project.yml includes itself", {"ios/project.yml": b"include: [project.yml]\n" + xcodegen_share})
xcodegen("project.yml includes /dev/zero and a FIFO", {"ios/project.yml": b"include: [/dev/zero, fifo.yml]\n" + xcodegen_share},
         lambda d: os.mkfifo(os.path.join(d, "ios/fifo.yml")))
xcodegen("settings groups that include each other fifty times", {"ios/project.yml": b"name: H\ntargets:\n  Share:\n    type: app-extension\n    platform: iOS\n    settings:\n      groups: [G]\n      base: {PRODUCT_BUNDLE_IDENTIFIER: org.h.share, INFOPLIST_FILE: Share/Info.plist}\n"
         + b"settingGroups:\n  G: {groups: [" + b", ".join([b"G"] * 50) + b"]}\n"})
xcodegen("a target on 100,000 platforms", {"ios/project.yml": xcodegen_share + b"  Many:\n    type: framework\n    platform: [" + b", ".join([b"iOS"] * 100000) + b"]\n"})
xcodegen("project.yml with 10,000 targets", {"ios/project.yml": xcodegen_share + b"".join(b"  T%d:\n    type: framework\n    templates: [A, B]\n" % i for i in range(10000))})
xcodegen("project.yml templates that include each other", {"ios/project.yml": xcodegen_share.replace(b"    type: app-extension\n", b"    type: app-extension\n    templates: [A]\n") + b"targetTemplates:\n  A:\n    templates: [A]\n    settings: {X: y}\n"})
xcodegen("project.yml is a FIFO", {}, lambda d: os.mkfifo(os.path.join(d, "ios/project.yml")))
# Expo configs: what prebuild would write, from values of every wrong type and text that would break the XML.
def expo(name, app_json, expect, check):
    d = os.path.join(work, "e-" + name.replace(" ", "-")); os.makedirs(d)
    with open(os.path.join(d, "package.json"), "w") as f:
        f.write('{"name": "e"}')
    with open(os.path.join(d, "app.json"), "wb") as f:
        f.write(app_json if isinstance(app_json, bytes) else app_json.encode())
    case("expo: " + name, ["lint", "--format", "json", d], expect, check)
expo("wrong types everywhere", '{"expo": {"name": 3, "android": [], "ios": "x", "plugins": [7, ["expo-share-intent", 5], ["expo-share-intent", {"androidIntentFilters": 5, "iosActivationRules": [1]}], [], [[]]]}}',
     (0, 65), lambda out, err: None if out.strip().startswith("{") else "no JSON report")
expo("values that would break the generated XML", '{"expo": {"name": "<&\\"evil\\">", "android": {"package": "org.e\\" evil=\\"x", "intentFilters": [{"action": "SEND\\"/><evil", "category": ["DEFAULT"], "data": [{"mimeType": "text/plain\\"/>", "evil\\" x": "y"}]}]}, "plugins": [["expo-share-intent", {"androidIntentFilters": ["image/*\\"/></intent-filter><activity android:name=\\"X"]}]]}}',
     (0, 65), lambda out, err: None if '"handlers"' in out and "X\"" not in out.split('"handlers"')[1].split("]")[0] else "the XML was broken into")
expo("3,000 plugins and a 100-entry filter list", json.dumps({"expo": {"name": "E", "android": {"package": "org.e"}, "plugins": [["expo-share-intent", {"androidIntentFilters": ["image/*"] * 100}]] + ["p"] * 3000}}),
     0, lambda out, err: None if '"org.e/.MainActivity"' in out else "not read")
# .NET MAUI apps: C# attributes and a .csproj made into the manifest the build writes.
MAUI_PROJECT = b'<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0-android</TargetFramework><OutputType>Exe</OutputType><ApplicationId>org.m</ApplicationId></PropertyGroup></Project>'
MAUI_GOOD = b'[Activity(Name = "org.m.Good", Exported = true)]\n[IntentFilter(new[] { Intent.ActionSend }, Categories = new[] { Intent.CategoryDefault }, DataMimeType = "image/*")]\nclass Good : Activity {}\n'
def maui(name, files, expect=0, check=None, prepare=None, **bounds):
    d = os.path.join(work, "m-" + "".join(c if c.isalnum() else "-" for c in name)); os.makedirs(os.path.join(d, "App/Platforms/Android"))
    for path, data in {"App/App.csproj": MAUI_PROJECT, "App/Platforms/Android/Good.cs": MAUI_GOOD, **files}.items():
        os.makedirs(os.path.dirname(os.path.join(d, path)), exist_ok=True)
        with open(os.path.join(d, path), "wb") as f:
            f.write(data)
    if prepare:
        prepare(d)
    good = lambda out, err: None if '"org.m/.Good"' in out else "the good activity was lost"
    case("maui: " + name, ["lint", "--format", "json", d], expect, check or good, **bounds)
maui("C# values that would break the generated XML", {"App/Platforms/Android/Evil.cs":
     b'[Activity(Name = "org.m.E\\"/><evil", Label = "<&\'\\">", Exported = true)]\n[IntentFilter(new[] { "SEND\\"/>" }, DataMimeType = "image/*\\"/></intent-filter><activity android:name=\\"X")]\nclass Evil : Activity {}\n'},
     (0, 65), lambda out, err: None if '"org.m/.Good"' in out and '"org.m/X"' not in out and "/X\"" not in out else "the XML was broken into")
maui("a 1 MiB C# file of unclosed attribute sections", {"App/Platforms/Android/Open.cs": b"[IntentFilter(new[] { " * (1048000 // 21)}, **TIGHT)
maui("1 MiB of brackets that are never attribute sections", {"App/Platforms/Android/Brackets.cs": b"[A(f(]" * (1048000 // 6)}, **TIGHT)
maui("#if branches 100,000 deep", {"App/Platforms/Android/Branches.cs": b"#if DEBUG\n" * 100000 + b"[Activity(Name = \"org.m.Dev\", Exported = true)] class Dev {}\n"})
maui("arrays nested 100,000 deep", {"App/Platforms/Android/Deep.cs": b"[Activity(Name = " + b"new[] { " * 100000 + b"}" * 100000 + b")] class Deep {}"})
maui("15,000 filters on one class", {"App/Platforms/Android/Many.cs": b'[Activity(Name = "org.m.Many", Exported = true)]\n' + b'[IntentFilter(new[] { Intent.ActionSend }, DataMimeType = "image/*")]\n' * 15000 + b"class Many : Activity {}\n"})
maui("a .csproj whose properties double thirty times", {"App/App.csproj": MAUI_PROJECT.replace(b"</PropertyGroup>", b"<A0>x</A0>" + b"".join(b"<A%d>$(A%d)$(A%d)</A%d>" % (i + 1, i, i, i + 1) for i in range(30)) + b"<ApplicationTitle>$(A30)</ApplicationTitle></PropertyGroup>")}, **TIGHT)
maui("5,000 C# files", {"App/Src/F%d.cs" % i: b"class F%d { [Obsolete] void M() {} }" % i for i in range(5000)})
maui("a FIFO .cs file, a FIFO .csproj and a FIFO template", {}, prepare=lambda d: (os.mkfifo(os.path.join(d, "App/Platforms/Android/Fifo.cs")),
     os.makedirs(os.path.join(d, "Other/Platforms/Android")), os.mkfifo(os.path.join(d, "Other/Other.csproj")), os.mkfifo(os.path.join(d, "Other/Platforms/Android/AndroidManifest.xml"))), expect=(0, 65), **TIGHT)
maui("a template manifest that is a FIFO", {}, prepare=lambda d: os.mkfifo(os.path.join(d, "App/Platforms/Android/AndroidManifest.xml")), expect=65,
     check=lambda out, err: None if "AndroidManifest.xml" in out else "the template was not named")
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

# ---------------------------------------------------------------- nothing lost, nothing leaked
requests = "".join(json.dumps({"id": f"r{i}", "items": [{"text": "hi"}]}) + "\n" for i in range(2000)).encode()
req_file = os.path.join(work, "requests.ndjson")
with open(req_file, "wb") as f:
    f.write(requests)
def io_error(out, err):
    return None if "cannot write to standard output" in err else "the write error was not named"
# 1. Write errors: exit 74 with the error named; batch counts only what it wrote.
for name, script in [("batch > /dev/full", f'"$BIN" batch < {req_file} > /dev/full'),
                     ("batch >&-", f'"$BIN" batch < {req_file} >&-'),
                     ("sniff > /dev/full", f'"$BIN" sniff {PHOTO} > /dev/full'),
                     ("route --json > /dev/full", f'"$BIN" route --json {PHOTO} > /dev/full'),
                     ("lint > /dev/full", f'"$BIN" lint {ROOT}/manifests > /dev/full')]:
    case("write error: " + name, [], 74, lambda out, err: io_error(out, err) or (
        None if "batch" not in name or " 0 routed" in err or ">&-" in name else "batch counted lines it did not write"), shell=script, **TIGHT)
case("write error: closed pipe is a quiet SIGPIPE stop", [], 0,
     lambda out, err: None if out.strip() == "141" and "error" not in err else f"pipe status {out.strip()!r}",
     shell=f'"$BIN" batch < {req_file} | head -1 > /dev/null; echo "${{PIPESTATUS[0]}}"', **TIGHT)
# 2. A stop signal mid-stream: whole lines only, exit 128 + signal.
long_file = os.path.join(work, "long.ndjson")
with open(long_file, "w") as f:
    for i in range(60000):
        f.write(json.dumps({"id": f"r{i}", "items": [{"path": PHOTO}, {"text": "x" * 300}]}) + "\n")
for sig, status in [("TERM", 143), ("INT", 130), ("HUP", 129)]:
    out_file = os.path.join(work, f"stopped-{sig}.ndjson")
    def whole_lines(out, err, out_file=out_file, sig=sig, status=status):
        if out.strip() != str(status):
            return f"exit {out.strip()}, expected {status}"
        data = open(out_file).read()
        if not data.endswith("\n"):
            return "output does not end at a line boundary"
        for i, line in enumerate(data.splitlines()):
            if json.loads(line).get("id") != f"r{i}":
                return f"line {i + 1} out of order"
        return None if f"stopped by SIG{sig}" in err and "not answered" in err else "no stop summary"
    case(f"signal: SIG{sig} mid-stream ends on a whole line", [], 0, whole_lines,
         shell=f'"$BIN" batch < {long_file} > {out_file} & pid=$!; for i in $(seq 200); do [ -s {out_file} ] && break; sleep 0.005; done; '
               f'sleep 0.2; kill -{sig} $pid; wait $pid; echo $?', **TIGHT)
# 3. A manifest that is a link to a secret: only a short excerpt in diagnostics.
secret_dir = os.path.join(work, "m-secret"); os.makedirs(secret_dir)
secret = os.path.join(work, "secret.txt")
with open(secret, "w") as f:
    f.write("TOPSECRET" + "s3cr3t" * 3500)
os.symlink(secret, os.path.join(secret_dir, "x.yaml"))
with open(os.path.join(secret_dir, "good.yaml"), "w") as f:
    f.write("id: good\nlabel: Good\nandroid:\n  intentFilters:\n    - actions: [SEND]\n      mimeTypes: [image/*]\n")
# A link out of the tree is not read (lint names it); followed on request, its content is never quoted.
case("leak: a manifest linked to a 20 KB secret outside the tree is not read", ["--json", "--manifests", secret_dir, PHOTO], 0,
     lambda out, err: None if "s3cr3t" not in err and '"good"' in out else f"{len(err)} bytes of diagnostics", **TIGHT)
case("leak: lint of the same names the link and quotes nothing", ["lint", secret_dir], 0,
     lambda out, err: None if "s3cr3t" not in out and "outside the tree" in out else f"{len(out)} bytes of lint output", **TIGHT)
case("leak: followed with --follow-links, it is an error that quotes nothing", ["lint", "--follow-links", secret_dir], 65,
     lambda out, err: None if "s3cr3t" not in out + err and "not quoted" in out else "content quoted", **TIGHT)
long_predicate = os.path.join(work, "m-long-predicate"); os.makedirs(long_predicate)
with open(os.path.join(long_predicate, "p.yaml"), "w") as f:
    f.write("id: p\nlabel: P\nios:\n  activationRule: \"" + "x" * 30000 + " ANY\"\n")
case("leak: a 30 KB one-line predicate error shows a window", ["lint", long_predicate], 65,
     lambda out, err: None if len(out) < 1000 else f"{len(out)} bytes", **TIGHT)
# 4. Directory links are not followed out of the tree (not even to /); followed on request, with bounds.
linked = os.path.join(work, "m-linked"); os.makedirs(linked)
shutil.copyfile(os.path.join(ROOT, "manifests/everyday/gallery.yaml"), os.path.join(linked, "gallery.yaml"))
os.symlink("/", os.path.join(linked, "root"))
os.symlink(os.path.join(ROOT, "manifests"), os.path.join(linked, "outside"))
case("links: a link to / and one out of the tree are not followed", ["lint", linked], 0,
     lambda out, err: None if out.strip().splitlines()[-1].startswith("1 handler, 0 errors, 0 warnings") else out.strip().splitlines()[-1], **TIGHT)
loop = os.path.join(work, "m-loop"); os.makedirs(loop)
shutil.copyfile(os.path.join(ROOT, "manifests/everyday/gallery.yaml"), os.path.join(loop, "gallery.yaml"))
os.symlink(loop, os.path.join(loop, "again"))
case("links: --follow-links with a loop ends", ["lint", "--follow-links", loop], 0,
     lambda out, err: None if "1 handler" in out else out, **TIGHT)
# 5. Terminal injection: names and labels with ESC, OSC 52, CSI, C1 and CR reach no terminal raw.
evil = "\x1b]52;c;cHduZWQ=\x07\x1b[2J\x9b31m\rok"
evil_dir = os.path.join(work, "m-evil"); os.makedirs(evil_dir)
with open(os.path.join(evil_dir, "evil.yaml"), "w") as f:
    f.write("id: evil\nlabel: \"" + evil.replace("\x1b", "\\e").replace("\x07", "\\a").replace("\x9b", "\\x9b").replace("\r", "\\r") + "\"\nandroid:\n  intentFilters:\n    - actions: [SEND]\n      mimeTypes: [image/*]\n")
with open(os.path.join(evil_dir, "bad\x1b]0;title\x07.yaml"), "w") as f:
    f.write("id: [\n")
evil_file = os.path.join(work, "evil\x1b[31m\x9d\r.jpg")
shutil.copyfile(PHOTO, evil_file)
def no_raw_controls(out, err):
    for text in (out, err):
        if any(c in text for c in "\x1b\x07\x9b\x9d\r"):
            return "a raw control character reached the terminal"
    return None if "\\u{1B}" in out else "the label was not shown escaped"
case("terminal: route text escapes labels, names and diagnostics", ["--manifests", evil_dir, evil_file, "--explain"], 65, no_raw_controls, **TIGHT)
case("terminal: query text escapes labels", ["query", "-a", "SEND", "-t", "image/png", "--manifests", evil_dir], 65, no_raw_controls, **TIGHT)
case("terminal: JSON stays exact", ["--json", "--manifests", evil_dir, evil_file], 65,
     lambda out, err: None if any(a.get("label") == evil for a in json.loads(out)["accepted"]) else "the JSON label changed", **TIGHT)
# 6. Work budgets: pairwise rules, huge chains, too many items; the other lines still answered.
budget_dir = os.path.join(work, "m-budget"); os.makedirs(budget_dir)
with open(os.path.join(budget_dir, "pairwise.yaml"), "w") as f:
    f.write("id: pairwise\nlabel: Pairwise\nios:\n  activationRule: 'SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, "
            "SUBQUERY($e.attachments, $b, ANY $b.registeredTypeIdentifiers IN $a.registeredTypeIdentifiers).@count > 1).@count > 0).@count == 1'\n")
with open(os.path.join(budget_dir, "chain.yaml"), "w") as f:
    f.write("id: chain\nlabel: Chain\nios:\n  activationRule: '" + " AND ".join(
        [f"ANY extensionItems.attachments.registeredTypeIdentifiers != \"t{i}\"" for i in range(3000)]) + "'\n")
budget_requests = (json.dumps({"id": "pairs", "items": [{"uti": "public.jpeg"}] * 5000}) + "\n"
                   + json.dumps({"id": "chain", "items": [{"uti": "public.png"}] * 10000}) + "\n"
                   + json.dumps({"id": "too-many", "items": [{"text": "t"}] * 10001}) + "\n"
                   + json.dumps({"id": "small", "items": [{"uti": "public.jpeg"}]}) + "\n").encode()
def budget_check(out, err):
    lines = [json.loads(line) for line in out.splitlines()]
    if [l.get("id") for l in lines] != ["pairs", "chain", "too-many", "small"]:
        return f"ids {[l.get('id') for l in lines]}"
    codes = {r["id"]: [x["code"] for x in r["reasons"]] for r in lines[0]["rejected"] + lines[1]["rejected"]}
    if "predicate-budget" not in codes.get("pairwise", []) or "predicate-budget" not in codes.get("chain", []):
        return f"no predicate-budget refusal: {codes}"
    if "at most 10000" not in lines[2]["errors"][0]["message"]:
        return "the item cap was not named"
    return None if lines[3].get("rejected") is not None else "the small request was lost"
case("budget: pairwise rule on 5,000 items, 3,000-term chain on 10,000, 10,001 items", ["batch", "--jobs", "2", "--manifests", budget_dir], 65,
     budget_check, stdin=budget_requests, **TIGHT)
# 7. Long argument lists are linear.
case("arguments: sniff with 20,000 paths", ["sniff", *[os.path.join(work, f"missing-{i}") for i in range(20000)], PHOTO], 66,
     lambda out, err: None if out.count("\n") == 20001 and "image/jpeg" in out else "lines lost", **TIGHT)
case("arguments: route with 5,000 --uti flags", ["--json", *(["--uti", "public.jpeg"] * 5000)], (0, 1),
     lambda out, err: None if len(json.loads(out)["items"]) == 5000 else "items lost", **TIGHT)
# 8. Many handlers: 2,000 manifests load and route (bench/ measures 5,000 with the release build).
many = os.path.join(work, "m-many"); os.makedirs(many)
for i in range(2000):
    with open(os.path.join(many, f"h{i:05d}.json"), "w") as f:
        json.dump({"id": f"h{i:05d}", "label": f"H{i}", "android": {"intentFilters": [{"actions": ["SEND"], "mimeTypes": ["image/*"]}]}}, f)
case("handlers: 2,000 manifests, 20 requests", ["batch", "--jobs", "2", "--manifests", many], 0,
     lambda out, err: None if out.count("\n") == 20 else "lines lost",
     stdin=("".join(json.dumps({"id": str(i), "items": [{"uti": "public.jpeg"}]}) + "\n" for i in range(20))).encode(), **TIGHT)
# 9. The line bound counts the content, not a CRLF's CR.
head, tail = '{"id":"big","items":[{"text":"', '"}]}'
exact = head + "x" * ((1 << 20) - len(head) - len(tail)) + tail
case("line bound: an exactly 1 MiB CRLF line is routed", ["batch"], 0,
     lambda out, err: None if out.startswith('{"schemaVersion":1,"id":"big"') and out.count("\n") == 2 else out[:100],
     stdin=(exact + "\r\n" + '{"items":[{"text":"after"}]}' + "\r\n").encode(), **TIGHT)

# ---------------------------------------------------------------- built artifacts and starved processes
# Built artifacts (hostile/artifacts.py makes them) are compiled formats read whole: each below packs
# an amplification into a small file — one pool string named by every element or attribute, places
# that repeat every ancestor, a table scanned at every lookup, a ZIP directory that names one member
# 256 times — and lies beside good.yaml. Within the tight bounds, "good" is still accepted and the
# artifact is named in an error. Earlier builds took gigabytes on some, so these also run under a
# 4 GB address-space cap (they crash there rather than swap).
CAPPED = dict(TIGHT, cap_mb=4096)
zipped = artifacts.zip_archive
def artifact(name, file_name, data):
    manifests(name, {file_name: data}, named=[file_name], **CAPPED)
# 1. Places (/manifest/nnn…[1]/nnn…[1]/…) that repeat every ancestor's 8 KB name: 255² / 2 × 8 KB × 9.
artifact("APK: 256 levels of elements named by one 8 KB string, 8 attributes each", "deep.apk",
         zipped([("AndroidManifest.xml", artifacts.deep_long_names(255, 8192, 8))]))
# 2. Names are text too: 100,000 uses of one 64 KB name are 6.5 GB, whatever the pool stores.
artifact("APK: 100,000 attributes named by one 64 KB string", "names.apk",
         zipped([("AndroidManifest.xml", artifacts.long_attribute_names(100_000, 65_536))]))
# 3. A resources.pb at the 128 MiB bound made of 11-byte values: every candidate built eagerly.
artifact("AAB: resources.pb of 11,880,000 configuration values", "values.aab",
         zipped([("base/manifest/AndroidManifest.xml", artifacts.proto_share_manifest()),
                 ("base/resources.pb", artifacts.proto_resources_many_values(12, 990_000))]))
# 4. One 800 KB string object referenced 199,000 times (1-byte references: a 1 MB file, 159 GB of text).
shared_plist = artifacts.shared_string_plist(800_000, 199_000)
artifact("binary Info.plist: one 800 KB string referenced 199,000 times", "Info.plist", shared_plist)
artifact("IPA: the same Info.plist in PlugIns/S.appex", "shared.ipa", zipped([("Payload/X.app/PlugIns/S.appex/Info.plist", shared_plist)]))
# 5. 256 directory entries (256 extensions) all at one local header: 2 GB inflated from 31 KB.
artifact("IPA: 256 directory entries share one member that inflates to 8 MiB", "overlap.ipa",
         zipped([("Payload/A.app/PlugIns/E0.appex/Info.plist", artifacts.padded_share_plist(8 << 20))],
                [(f"Payload/A.app/PlugIns/E{i}.appex/Info.plist", 0) for i in range(256)]))
# 6, 7. Names a device and share-route could read differently: strict ZIP reading refuses both.
artifact("APK: two members named AndroidManifest.xml", "twice.apk",
         zipped([("AndroidManifest.xml", artifacts.share_manifest(mime="image/*")),
                 ("AndroidManifest.xml", artifacts.share_manifest(mime="text/*", activity=".Text"))]))
artifact("APK: the directory's AndroidManifest.xml has another name in its local header", "renamed.apk",
         zipped([("AndroidManifest.xml", artifacts.share_manifest(activity=".Local")), ("res/raw/x.xml", artifacts.share_manifest(activity=".Central"))],
                [("res/raw/x.xml", 0), ("AndroidManifest.xml", 1)]))
# 8. 4,000 distinct references, each lookup reading all 100,000 configuration chunks of the type.
artifact("APK: 4,000 references, each scanning 100,000 configurations", "lookups.apk",
         zipped([("AndroidManifest.xml", artifacts.many_references(4000)), ("resources.arsc", artifacts.resource_table_of_empty_chunks(100_000))]))
# 9. Each level copies its parent's namespace table and adds 1,000: 255² / 2 × 1,000 entries.
artifact("AAB: 255 levels each declaring 1,000 namespaces", "namespaces.aab",
         zipped([("base/manifest/AndroidManifest.xml", artifacts.proto_deep_declarations(255, 1000))]))
# 10. .xcconfig includes that fan out 10 ways over 8 levels: 2 KB of files, 10^8 includes.
chain = "abcdefgh"
fanout = {"ios/App.xcodeproj/project.pbxproj": xcconfig_project,
          "ios/Config/Base.xcconfig": b'#include "a.xcconfig"\n' * 10 + b"PRODUCT_BUNDLE_IDENTIFIER = org.h.share\n",
          **{f"ios/Config/{here}.xcconfig": f'#include "{below}.xcconfig"\n'.encode() * 10 for here, below in zip(chain, chain[1:])},
          "ios/Config/h.xcconfig": b"OTHER_SETTING = x\n"}
d = project("xcconfig includes fanning out 10 ways over 8 levels", fanout, **CAPPED)
def warns_about(name):
    return lambda out, err: None if any("warning" in line and name in line for line in out.splitlines()) else f"no warning names {name}"
case("project: lint of the same warns about the includes", ["lint", d], 0, warns_about(".xcconfig"), **CAPPED)
# 11. Reads out of the tree: an .xcconfig included by absolute path or through .., a strings.xml and
# an app bundle's Info.plist linked to files outside. Nothing of them reaches the output.
secret_config = os.path.join(work, "secret.xcconfig")
with open(secret_config, "w") as f:
    f.write("PRODUCT_BUNDLE_IDENTIFIER = TOPSECRET.leak\n")
def unleaked(out, err):
    return "TOPSECRET in the output" if "TOPSECRET" in out + err else None
for label, include in [("an absolute path", secret_config), ("a path out of the tree", "../../../secret.xcconfig")]:
    d = project(f"xcconfig includes {label} outside the project", {"ios/App.xcodeproj/project.pbxproj": xcconfig_project,
                "ios/Config/Base.xcconfig": f'#include "{include}"\n'.encode()}, check=unleaked, **CAPPED)
    case(f"project: lint of the same ({label}) names the include, quotes nothing", ["lint", d], 0,
         lambda out, err: unleaked(out, err) or warns_about("secret.xcconfig")(out, err), **CAPPED)
secret_strings = os.path.join(work, "secret-strings.xml")
with open(secret_strings, "w") as f:
    f.write('<resources><string name="label">TOPSECRET</string></resources>\n')
def link_strings(d):
    os.makedirs(os.path.join(d, "app/src/main/res/values"))
    os.symlink(secret_strings, os.path.join(d, "app/src/main/res/values/strings.xml"))
d = project("strings.xml links to a file outside the project", {}, link_strings, check=unleaked, **CAPPED)
case("project: lint of the same quotes nothing", ["lint", d], 0, unleaked, **CAPPED)
secret_plist = os.path.join(work, "secret-Info.plist")
with open(secret_plist, "wb") as f:
    f.write(artifacts.xml_share_plist("TOPSECRET"))
def link_plist(d):
    os.makedirs(os.path.join(d, "X.app/PlugIns/S.appex"))
    os.symlink(secret_plist, os.path.join(d, "X.app/PlugIns/S.appex/Info.plist"))
d = manifests("an app bundle whose extension's Info.plist links out of the tree", {}, (0, 65), named=[], prepare=link_plist, check=unleaked, **CAPPED)
case("manifest: lint of the same quotes nothing", ["lint", d], (0, 65), unleaked, **CAPPED)
# An expectations file naming a token outside its folder (and the working directory) as a manifest
# and as a captured share: check refuses both, and its JUnit report quotes nothing of the token.
token = os.path.join(work, "token.yaml")
with open(token, "w") as f:
    f.write("TOPSECRET: TOPSECRET\n")
check_dir = os.path.join(work, "c-token", "tests"); os.makedirs(check_dir)
shutil.copyfile(PHOTO, os.path.join(check_dir, "photo.jpg"))
with open(os.path.join(check_dir, "expectations.yaml"), "w") as f:
    f.write(f"manifests: [{token}]\ncases:\n  - name: token\n    files: [photo.jpg]\n    capture: {token}\n    expect: {{pick: x}}\n")
case("leak: check --format junit of an expectations file naming an outside token quotes nothing", [], (1, 65),
     lambda out, err: unleaked(out, err) or (None if "links resolved" in out else "the refusal is not in the report"),
     shell=f'cd {shlex.quote(check_dir)} && exec "$BIN" check --format junit expectations.yaml', **TIGHT)
# 12. Answers streamed: 40 requests of 10,000 texts (5.2 MB) answer 7.5 MB each; with two jobs only
# the lines in flight are held. Read from a file (through a pipe, how much is in flight depends on
# how the writer's pieces arrive) and written to one (300 MB this process need not hold); routing
# 10,000 items takes about a second, hence the longer timeout.
stream_count = 40
stream_in, stream_out = os.path.join(work, "stream.ndjson"), os.path.join(work, "stream.out")
with open(stream_in, "w") as f:
    f.write("".join(json.dumps({"id": f"s{i}", "items": [{"text": "x"}] * 10000}, separators=(",", ":")) + "\n" for i in range(stream_count)))
def streamed(out, err):
    lines = 0
    with open(stream_out, "rb") as f:
        for line in f:
            if not line.startswith(b'{"schemaVersion":1,"id":"s%d"' % lines):
                return f"line {lines + 1} out of order"
            lines += 1
    os.remove(stream_out)
    return None if lines == stream_count else f"{lines} lines for {stream_count} requests"
case(f"batch: {stream_count} answers of 7.5 MB stream through --jobs 2", [], 0, streamed,
     shell=f'exec "$BIN" batch --jobs 2 < {stream_in} > {stream_out}', timeout=60, memory_mb=500, cap_mb=4096)
# 13. A path list that never ends.
case("matrix --files-from /dev/urandom ends with an error", ["matrix", "--files-from", "/dev/urandom"], (64, 65, 66),
     lambda out, err: None if err.strip() else "no error on stderr", **CAPPED)
# 14. Bidirectional controls in a sample's name reach no page raw (text shows them as \u{202E}).
bidi = os.path.join(work, "evil\u202egpj.exe\u2066x.jpg")
shutil.copyfile(PHOTO, bidi)
case("terminal: matrix --format html escapes bidi controls in names", ["matrix", "--files-only", "--format", "html", bidi], 0,
     lambda out, err: "a raw bidi control in the page" if any(c in out + err for c in "\u202e\u2066")
     else None if "\\u{202E}" in out and "\\u{2066}" in out else "the name was not shown escaped", **TIGHT)
# 15. Starved processes (bash's ulimit): a file size limit (1 KiB: bash counts -f in 1024-byte blocks)
# with whole records in the file and exit 74, a small stack, a CPU limit.
copies = os.path.join(work, "copies"); os.makedirs(copies)
for i in range(200):
    shutil.copyfile(PHOTO, os.path.join(copies, f"p{i:03}.jpg"))
requests_200 = os.path.join(work, "requests-200.ndjson")
with open(requests_200, "wb") as f:
    f.write(b"".join(requests.splitlines(keepends=True)[:200]))
def whole_records(path):
    def check(out, err):
        data = open(path, "rb").read()
        return f"the output ends inside a record ({len(data)} bytes)" if data and not data.endswith(b"\n") else io_error(out, err)
    return check
for name, command in [("sniff --json of 200 files", f"sniff --json {copies}/*.jpg"), ("batch of 200 lines", f"batch < {requests_200}")]:
    written = os.path.join(work, "limited-" + name.split()[0] + ".out")
    case(f"starved: {name} under a 1-block file size limit (SIGXFSZ)", [], 74, whole_records(written),
         shell=f'ulimit -f 1; exec "$BIN" {command} > {written}', **CAPPED)
manifests("starved: a 128 KB stack, manifests nested 240 and 250 deep", {
    "AndroidManifest.xml": '<!-- android.intent.action.SEND -->\n<manifest xmlns:android="http://schemas.android.com/apk/res/android">'
                           + "<x>" * 240 + "</x>" * 240 + "</manifest>\n",
    "Info.plist": "<!-- NSExtension --><plist><dict><key>NSExtension</key>" + "<array>" * 250 + "</array>" * 250 + "</dict></plist>\n",
    "deep.yaml": "id: deep\nlabel: Deep\nios: " + "[" * 250 + "]" * 250 + "\n"}, named=["Info.plist", "deep.yaml"], limits="-s 128", **CAPPED)
# An address-space limit too small for one artifact's 60 MB resources.arsc: that member's error (or
# it fits), never an allocation failure that ends the run with the good manifest.
import zipfile
with zipfile.ZipFile(os.path.join(ROOT, "samples/artifacts/browser.apk")) as browser:
    big_apk = zipped([(name, artifacts.padded_table(browser.read(name), 60 << 20) if name == "resources.arsc" else browser.read(name))
                      for name in browser.namelist()])
manifests("starved: a 60 MB resources.arsc under a 150 MB address-space limit", {"big.apk": big_apk}, (0, 65), named=[],
          limits="-v 150000", **TIGHT)
# A soft limit only: at a hard limit equal to it the kernel sends SIGKILL, which nothing survives.
cpu_requests = os.path.join(work, "cpu.ndjson")
with open(cpu_requests, "wb") as f:
    f.write(budget_requests * 10)
# SIGXCPU stops the run as the other stop signals do: whole lines, a summary, exit 128 + 24.
cpu_out = os.path.join(work, "cpu.out")
def stopped_whole(out, err):
    data = open(cpu_out, "rb").read()
    if data and not data.endswith(b"\n"):
        return f"the output ends inside a line ({len(data)} bytes)"
    return None if "stopped by signal 24" in err else "no summary naming the signal on stderr"
case("starved: a batch past a 1 s CPU limit (SIGXCPU) ends with a summary", [], 152, stopped_whole,
     shell=f'ulimit -S -t 1; exec "$BIN" batch --jobs 2 --manifests {budget_dir} < {cpu_requests} > {cpu_out}', **CAPPED)

shutil.rmtree(work, ignore_errors=True)
width = max(len(r[0]) for r in results)
failed = 0
for name, status, seconds, peak, outcome, first_error in results:
    failed += outcome != "ok"
    shown = first_error.encode("unicode_escape").decode("ascii") if first_error else ""
    print(f"{name.ljust(width)}  exit {str(status):>4}  {seconds:6.2f} s  {peak:6.0f} MB  {outcome}" + (f"  | {shown}" if shown else ""))
print(f"\n{len(results) - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
