#!/usr/bin/env python3
"""Records the exact output of every share-route command on the samples, fixtures and bad inputs.

Usage:
  .ci/output-snapshot.py BINARY OUTDIR     write one file per case: stdout, stderr and exit status
  .ci/output-compare.sh [REF]              build REF (default HEAD) and the work tree, snapshot both, diff

A refactor keeps behaviour when the snapshots of before and after are byte-identical. The cases
cover route (text, JSON, --explain, lying senders, declared items, sources, platforms, projects),
batch (good, bad and mixed request lines), query, sniff, lint and check, each also on bad input.
Every case runs with the repository root as its working directory and relative paths, so the
bytes do not depend on where the checkout lives; the bad inputs are written under
OUTDIR/../snapshot-inputs with fixed content.
"""
import glob, json, os, shutil, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if len(sys.argv) != 3:
    sys.exit(__doc__)
BIN = os.path.abspath(sys.argv[1])
OUT = os.path.abspath(sys.argv[2])
os.makedirs(OUT, exist_ok=True)

# Bad inputs, written fresh at a fixed relative place (ROOT/.build-snapshot-inputs, ignored by git)
# so paths in messages are the same in both runs.
INPUTS = ".build-snapshot-inputs"
shutil.rmtree(os.path.join(ROOT, INPUTS), ignore_errors=True)
bad = {
    "bad/broken.yaml": "id: broken\nandroid:\n  intentFilters:\n    - actions: [SEND]\n      mimeTypes: [image/*\n",
    "bad/unknown-key.yaml": "id: unknown\nlabel: Unknown\nandroid:\n  intentFilters:\n    - actions: [SEND]\n      mimeType: [image/*]\n",
    "bad/predicate.yaml": ("id: pred\nlabel: Pred\nios:\n  activationRule: "
                          "\"SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, ANY $a.registeredTypeIdentifiers "
                          "UTI-CONFORMS-TO \\\"public.image\\\").@count >= 1\"\n"),
    "bad/dup-a.yaml": "id: dup\nlabel: A\nandroid:\n  intentFilters:\n    - actions: [SEND]\n      mimeTypes: [text/plain]\n",
    "bad/dup-b.json": '{"id": "dup", "label": "B", "android": {"intentFilters": [{"actions": ["SEND"], "mimeTypes": ["*/*"]}]}}\n',
    "bad/good.yaml": ("id: good\nlabel: Good\nandroid:\n  intentFilters:\n    - actions: [SEND, SEND_MULTIPLE]\n"
                      "      mimeTypes: [\"*/*\"]\nios:\n  activationRule:\n    NSExtensionActivationSupportsImageWithMaxCount: 0\n"
                      "    NSExtensionActivationSupportsText: true\n"),
    "bad/warn.yaml": ("id: warn\nlabel: Warn\nandroid:\n  intentFilters:\n    - actions: [SEND]\n      mimeTypes: [image/jpg, Text/Plain]\n"
                      "ios:\n  activationRule: \"SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, "
                      "ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO \\\"public.imag\\\").@count <= 3).@count == 1\"\n"),
    "bad/control\u0007name.yaml": ("id: \"ctl\\u001b[31m\"\nlabel: \"Red\\u0007\"\nandroid:\n  intentFilters:\n"
                                   "    - actions: [SEND]\n      mimeTypes: [image/*]\n"),
    "bad/android/AndroidManifest.xml": ('<?xml version="1.0" encoding="utf-8"?>\n'
        '<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.example.bad">\n'
        '  <application>\n    <activity android:name=".Share" android:exported="true">\n'
        '      <intent-filter>\n        <action android:name="android.intent.action.SEND"/>\n'
        '        <data android:mimeType="image/*"/>\n      </intent-filter>\n    </activity>\n'
        '    <activity android:name=".Broken">\n      <intent-filter>\n'
        '        <action android:name="android.intent.action.SEND"\n  </application>\n</manifest>\n'),
    "bad-expectations.yaml": ("cases:\n  - name: ok\n    files: [../samples/photo.jpg]\n    expect: {accept: [com.example.gallery]}\n"
                              "  - name: wrong\n    files: [../samples/report.pdf]\n    expect: {accept: [com.example.gallery], pick: album}\n"
                              "  - name: missing\n    files: [nowhere.jpg]\n    expect: {accept: []}\n"
                              "  - name: bad key\n    texts: [hi]\n    expekt: {}\n"),
    "not-a-manifest.txt": "hello\n",
}
for name, text in bad.items():
    path = os.path.join(ROOT, INPUTS, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)

os.chdir(ROOT)
samples = sorted(p for p in glob.glob("samples/*") if os.path.isfile(p) and not p.endswith((".sh", ".yaml")))
fixtures = sorted(glob.glob("samples/fixtures/*"))
signatures = sorted(p for p in glob.glob("samples/signatures/*") if not p.endswith(".tsv"))
cases = []


def add(name, args, stdin=None, env=None):
    cases.append((name, args, stdin, env))


# route: every sample and fixture alone, text and JSON; pairs; the options.
for path in samples + fixtures:
    tag = path.replace("/", "_")
    add(f"route-{tag}", [path])
    add(f"route-json-{tag}", [path, "--format", "json"])
add("route-explain-photo", ["samples/photo.jpg", "--explain"])
add("route-explain-json-two", ["samples/photo.jpg", "samples/photo.png", "--explain", "--json"])
add("route-all-samples", samples)
add("route-all-samples-json", samples + ["--json"])
add("route-all-fixtures-explain", fixtures + ["--explain"])
add("route-lie", ["--reported-type", "text/plain", "samples/report.pdf"])
add("route-lie-json", ["--reported-type", "text/plain", "samples/report.pdf", "--json"])
add("route-lie-trust", ["--reported-type", "text/plain", "--trust", "reported", "samples/report.pdf", "--explain"])
add("route-lie-per-file", ["--reported-type", "image/png", "--reported-type", "application/pdf",
                           "samples/photo.jpg", "samples/report.pdf", "--json"])
add("route-text-url", ["--text", "see you at 8", "--url", "https://example.com/a"])
add("route-text-url-json", ["--text", "see you at 8", "--url", "https://example.com/a", "--json", "--explain"])
add("route-source-chat", ["--source", "chat", "--text", "hi", "samples/photo.jpg", "--explain"])
add("route-source-chat-json", ["--source", "chat", "--text", "hi", "samples/photo.jpg", "--json"])
add("route-declared", ["--type", "application/pdf", "--uti", "public.jpeg", "--explain"])
add("route-declared-json", ["--type", "application/pdf", "--uti", "public.jpeg", "--json", "--explain"])
add("route-uti-url", ["--uti", "public.url", "--json"])
add("route-platform-ios", ["--platform", "ios", "samples/photo.jpg", "--explain"])
add("route-platform-android-json", ["--platform", "android", "samples/clip.mp4", "--json", "--explain"])
add("route-unknown-source", ["--source", "nowhere", "samples/photo.jpg"])
add("route-missing-file", ["samples/nowhere.jpg"])
add("route-missing-and-good", ["samples/photo.jpg", "samples/nowhere.jpg", "--json"])
add("route-directory", ["samples/fixtures"])
add("route-nothing", [])
add("route-bad-url", ["--url", "ftp://x\u001b[31m"])
add("route-bad-type", ["--type", "image"])
add("route-bad-uti", ["--uti", "no such"])
add("route-control-text", ["--text", "a\u001b[2Jb\u0007", "--explain"])
add("route-devnull", ["/dev/null"])
add("snif-typo", ["snif", "samples/photo.jpg"])
# route against platform files and project trees
for m in ["samples/platform/android", "samples/platform/ios", "samples/platform/native", "samples/projects",
          "samples/projects/chat/android", "samples/projects/chat/ios", "samples/projects/legacy"]:
    tag = m.replace("/", "_")
    add(f"route-manifests-{tag}", ["--manifests", m, "samples/photo.jpg", "--explain"])
    add(f"route-manifests-json-{tag}", ["--manifests", m, "--text", "hi", "--url", "https://example.org", "--json", "--explain"])
add("route-projects-debug", ["--manifests", "samples/projects", "--configuration", "Debug", "samples/photo.jpg", "--json"])
add("route-projects-enabled", ["--manifests", "samples/projects", "--assume-enabled", "--text", "x", "--explain"])
add("route-env-manifests", ["samples/photo.jpg"], env={"SHARE_ROUTE_MANIFESTS": "samples/platform/native"})
add("route-bad-manifests", ["--manifests", f"{INPUTS}/bad", "samples/photo.jpg", "--explain"])
add("route-bad-manifests-json", ["--manifests", f"{INPUTS}/bad", "samples/photo.jpg", "--json"])
add("route-not-a-manifest", ["--manifests", f"{INPUTS}/not-a-manifest.txt", "samples/photo.jpg"])

# sniff
add("sniff-fixtures", fixtures)
add("sniff-fixtures-json", fixtures + ["--json"])
add("sniff-signatures", signatures)
add("sniff-signatures-json", signatures + ["--json"])
add("sniff-signatures-lie", ["--reported-type", "text/plain"] + signatures)
add("route-signatures-explain", ["--each", "--explain"] + signatures)
add("sniff-samples", samples)
for fmt in ("text", "markdown", "html"):
    add(f"matrix-{fmt}", ["matrix", "--format", fmt] + samples)
add("sniff-samples-json", samples + ["--format", "json"])
add("sniff-lie", ["--reported-type", "text/plain", "samples/report.pdf", "samples/photo.jpg"])
add("sniff-lie-json", ["--reported-type", "text/plain", "samples/report.pdf", "--json"])
add("sniff-trust", ["--reported-type", "image/png", "--trust", "reported", "samples/photo.jpg", "--json"])
add("sniff-errors", ["samples/nowhere", "samples/fixtures", "/dev/null", "samples/photo.jpg"])
add("sniff-errors-json", ["samples/nowhere", "samples/fixtures", "samples/photo.jpg", "--json"])
add("sniff-bad-reported", ["--reported-type", "nonsense", "samples/photo.jpg"])
add("sniff-nothing", [])

# query
queries = [
    ["-a", "SEND", "-t", "image/png", "-c", "android.intent.category.DEFAULT"],
    ["-a", "SEND", "-t", "image/png"],
    ["-a", "android.intent.action.SEND_MULTIPLE", "-t", "image/*", "-c", "android.intent.category.DEFAULT"],
    ["-a", "SEND", "-t", "text/plain", "-c", "android.intent.category.DEFAULT"],
    ["-a", "VIEW", "-d", "https://example.com/x", "-c", "android.intent.category.DEFAULT"],
    ["-a", "SEND", "-t", "*/*"],
    ["-t", "application/pdf"],
    ["-a", "SEND", "-t", "Image/PNG"],
]
for i, q in enumerate(queries):
    add(f"query-{i}", q)
    add(f"query-{i}-json", q + ["--json"])
for m in ["samples/platform/android", "samples/projects"]:
    tag = m.replace("/", "_")
    add(f"query-manifests-{tag}", ["-a", "SEND", "-t", "text/plain", "-c", "android.intent.category.DEFAULT", "--manifests", m])
    add(f"query-manifests-json-{tag}", ["-a", "SEND", "-t", "image/jpeg", "--manifests", m, "--json"])
add("query-assume-enabled", ["-a", "SEND", "-t", "text/plain", "--manifests", "samples/projects", "--assume-enabled"])
add("query-bad-manifests", ["-a", "SEND", "-t", "image/png", "--manifests", f"{INPUTS}/bad"])
# Every intent, not only shares: deep links (host, path kinds), typed content, no candidates.
link = ["-a", "VIEW", "-d", "https://www.notes.example.org/share/trip.note", "-c", "android.intent.category.BROWSABLE",
        "--manifests", "samples/projects"]
add("query-deep-link", link)
add("query-deep-link-json", link + ["--json"])
add("query-typed-content", ["-a", "VIEW", "-t", "application/octet-stream", "-d", "content://downloads/1/a.note",
                            "--manifests", "samples/projects/notes/android", "--json"])
add("query-no-candidates", ["-a", "VIEW", "-t", "image", "--manifests", "samples/projects/notes/android"])

# lint
for m in ["manifests", "samples/platform/android", "samples/platform/ios", "samples/platform/native",
          "samples/projects", "samples/projects/chat", "samples/projects/legacy", f"{INPUTS}/bad"]:
    tag = m.replace("/", "_")
    add(f"lint-{tag}", [m])
    add(f"lint-json-{tag}", [m, "--json"])
    add(f"lint-strict-{tag}", [m, "--strict"])
add("lint-default", [])
add("lint-debug", ["--configuration", "Debug", "samples/projects/chat/ios"])
add("lint-missing", ["nowhere"])

# check
add("check-default", [])
add("check-platform", ["samples/platform/expectations.yaml"])
add("check-bad", [f"{INPUTS}/bad-expectations.yaml"])
add("check-missing", ["nowhere.yaml"])
for fmt in ("junit", "github"):
    add(f"check-default-{fmt}", ["--format", fmt])
    add(f"check-bad-{fmt}", ["--format", fmt, f"{INPUTS}/bad-expectations.yaml"])
add("check-bad-manifests", ["--manifests", f"{INPUTS}/bad"])

# batch: every sample and fixture, mixed item kinds, bad lines, ids
lines = []
for i, path in enumerate(samples + fixtures):
    lines.append(json.dumps({"id": f"f{i}", "items": [{"path": path}]}))
lines += [
    json.dumps({"id": "lie", "items": [{"path": "samples/report.pdf", "reportedType": "text/plain"}]}),
    json.dumps({"id": "trust", "trust": "reported", "items": [{"path": "samples/report.pdf", "reportedType": "text/plain"}]}),
    json.dumps({"id": "mixed", "source": "chat", "items": [{"text": "hi"}, {"url": "https://x.y"}, {"uti": "public.jpeg"}, {"type": "image/png"}]}),
    json.dumps({"id": "ios", "platform": "ios", "items": [{"path": "samples/photo.jpg"}, {"path": "samples/photo.png"}]}),
    json.dumps({"items": [{"path": "samples/nowhere.jpg"}]}),
    json.dumps({"id": 7, "items": []}),
    json.dumps({"id": "x", "items": [{"path": "samples/photo.jpg", "text": "both"}]}),
    json.dumps({"id": "src", "source": "nowhere", "items": [{"text": "a"}]}),
    '{"id": "broken", "items": [',
    "oops",
    "",
    "[]",
    json.dumps({"id": "ctl\u001b[31m", "items": [{"text": "\u0007"}]}),
    json.dumps({"id": "declared", "items": [{"type": "application/pdf"}, {"type": "not a type"}]}),
]
batch_input = ("\n".join(lines) + "\n").encode()
add("batch-jobs1", ["batch", "--jobs", "1", "--no-progress"], stdin=batch_input)
add("batch-jobs2", ["batch", "--jobs", "2", "--no-progress"], stdin=batch_input)
add("batch-projects", ["batch", "--jobs", "2", "--manifests", "samples/projects"], stdin=batch_input)
add("batch-bad-manifests", ["batch", "--manifests", f"{INPUTS}/bad"], stdin=batch_input)
add("batch-empty", ["batch"], stdin=b"")
add("batch-no-newline", ["batch"], stdin=b'{"items": [{"text": "hi"}]}')

# help and version (wording lives in the CLI; it must not move either)
for sub in ["", "route", "sniff", "check", "lint", "batch", "query", "matrix"]:
    add(f"help-{sub or 'main'}", ([sub] if sub else []) + ["--help"])
add("version", ["--version"])
add("bad-option", ["--explian", "samples/photo.jpg"])

# --accepted-only (route and batch)
add("route-accepted-only-photo", ["samples/photo.jpg", "--accepted-only"])
add("route-accepted-only-json", ["samples/photo.jpg", "samples/photo.png", "--accepted-only", "--json"])
add("route-accepted-only-source", ["--source", "chat", "--text", "hi", "samples/photo.jpg", "--accepted-only", "--json"])
add("route-accepted-only-projects", ["--manifests", "samples/projects", "--text", "x", "--accepted-only"])
add("batch-accepted-only", ["batch", "--jobs", "2", "--accepted-only"], stdin=batch_input)
# --each (route)
add("route-each", ["--each"] + samples[:6] + ["samples/nope.jpg", "--text", "hi", "--uti", "public.url"])
add("route-each-json", ["--each", "--json", "--accepted-only"] + samples + fixtures)

# host shares: every profile alone, with files, captures, and their keys in check, batch and matrix
hosts_dir = os.path.join(ROOT, "hosts")
host_names = sorted(os.path.splitext(n)[0] for d in ("ios", "android") for n in os.listdir(os.path.join(hosts_dir, d)))
for host in host_names:
    add(f"route-from-{host}", ["--from", host, "--explain"])
    add(f"route-from-{host}-json", ["--from", host, "--json"])
add("route-from-photos-live-files", ["--from", "photos-live", "samples/photo.heic", "samples/photo.jpg"])
add("route-from-whatsapp-pdf", ["--from", "whatsapp-file", "samples/report.pdf", "--explain"])
add("route-capture-yaml", ["--capture", "samples/hosts/captures/safari-pdf-with-file-url.yaml", "--json"])
add("route-capture-logcat", ["--capture", "samples/hosts/captures/gallery-send.txt", "--explain"])
add("route-intent", ["--intent", "Intent { act=android.intent.action.SEND_MULTIPLE typ=image/* clip={image/* {...} {...}} (has extras) }"])
add("check-hosts", ["samples/hosts/expectations.yaml"])
add("hosts-list", ["hosts"])
add("hosts-json", ["hosts", "--json"])
add("help-hosts", ["hosts", "--help"])
add("matrix-hosts", ["matrix", "--from", "finder", "--from", "safari-pdf", "--from", "gmail-attachment", "samples/report.pdf"])
add("batch-hosts", ["batch", "--no-progress"], stdin=("\n".join([
    json.dumps({"id": "maps", "from": "maps"}),
    json.dumps({"id": "pdf", "from": "safari-pdf", "items": [{"path": "samples/report.pdf"}]}),
    json.dumps({"id": "bad", "from": "nowhere"}),
    json.dumps({"id": "log", "intent": "act=android.intent.action.SEND typ=text/plain clip={text/plain {T:hi}}"}),
]) + "\n").encode())

prefix = {"query", "sniff", "lint", "check"}
for n, (name, args, stdin, env) in enumerate(cases):
    # The case name says the subcommand; route is the default and batch carries its own.
    sub = name.split("-")[0]
    argv = [BIN] + ([sub] if sub in prefix else []) + args
    environment = dict(os.environ)
    environment.pop("SHARE_ROUTE_MANIFESTS", None)
    environment.pop("NO_COLOR", None)
    environment.update(env or {})
    p = subprocess.run(argv, input=stdin if stdin is not None else b"", capture_output=True,
                       env=environment, timeout=120)
    with open(os.path.join(OUT, f"{n:03d}-{name}"), "wb") as f:
        f.write(b"$ " + " ".join(args).encode("utf-8", "surrogateescape") + b"\n")
        f.write(b"--- exit %d\n--- stdout\n" % p.returncode)
        f.write(p.stdout)
        f.write(b"--- stderr\n")
        f.write(p.stderr)
print(f"{len(cases)} cases written to {OUT}")
