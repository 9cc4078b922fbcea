#!/usr/bin/env python3
"""Type accuracy on the corpus: share-route's effective type and `file --mime-type`, side by side.

Usage: corpus/accuracy.py [CORPUS_DIR] [--binary PATH] [--quiet]

CORPUS_DIR defaults to .build/corpus (made with corpus/make_corpus.py when missing). The binary
defaults to .build/release/share-route, else .build/debug/share-route. A file counts as right when
the answer is the truth or one of its listed equivalents. `file`'s answers get the same alias
table share-route applies (x-wav -> wav, x-m4a -> mp4, ...), so that it is not marked wrong for a
spelling; its weak spots (docs/sniffing.md#libmagics-answers) remain.
Exit status: 0 when share-route is right on at least 98 % of the files, 1 otherwise.
"""
import json, os, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
args = [a for a in sys.argv[1:] if not a.startswith("--")]
quiet = "--quiet" in sys.argv
corpus = os.path.abspath(args[0]) if args else os.path.join(ROOT, ".build", "corpus")
binary = None
if "--binary" in sys.argv:
    binary = sys.argv[sys.argv.index("--binary") + 1]
    args = [a for a in args if a != binary]
for candidate in [binary, os.path.join(ROOT, ".build/release/share-route"), os.path.join(ROOT, ".build/debug/share-route")]:
    if candidate and os.path.exists(candidate):
        binary = candidate
        break
else:
    sys.exit("accuracy: build share-route first (swift build)")
if not os.path.exists(os.path.join(corpus, "truth.tsv")):
    subprocess.run([sys.executable, os.path.join(ROOT, "corpus", "make_corpus.py"), corpus], check=True)

# The alias table of Sources/ShareSniffing/TypePolicy.swift (canonicalNames), read from the source.
aliases = {}
with open(os.path.join(ROOT, "Sources/ShareSniffing/TypePolicy.swift")) as f:
    inside = False
    for line in f:
        if "canonicalNames" in line:
            inside = True
        elif inside and line.strip().startswith("]"):
            break
        elif inside and ":" in line and line.strip().startswith('"'):
            alias, canonical = [part.strip().strip(',').strip('"') for part in line.split('": "')]
            aliases[alias] = canonical

files = os.path.join(corpus, "files")
truth = []
with open(os.path.join(corpus, "truth.tsv")) as f:
    for line in f:
        name, types = line.rstrip("\n").split("\t")
        truth.append((name, set(types.split("|"))))
names = [name for name, _ in truth]

ours = {}
out = subprocess.run([binary, "sniff", "--format", "json", *names], cwd=files, capture_output=True, text=True)
for line in out.stdout.splitlines():
    record = json.loads(line)
    ours[record["path"]] = record["type"] if record.get("error") is None else "error: " + record["error"]["code"]
theirs = {}
out = subprocess.run(["file", "--mime-type", "-b", *names], cwd=files, capture_output=True, text=True, check=True)
for name, answer in zip(names, out.stdout.splitlines()):
    theirs[name] = aliases.get(answer, answer)

right_ours = right_theirs = 0
rows = []
for name, types in truth:
    ok_ours = ours.get(name) in types
    ok_theirs = theirs[name] in types
    right_ours += ok_ours
    right_theirs += ok_theirs
    if not (ok_ours and ok_theirs):
        rows.append((name, "|".join(sorted(types)), ("ok " if ok_ours else "XX ") + str(ours.get(name)),
                     ("ok " if ok_theirs else "XX ") + theirs[name]))
total = len(truth)
if not quiet and rows:
    widths = [max(len(r[i]) for r in rows + [("file", "truth", "share-route", "file --mime-type")]) for i in range(4)]
    print("  ".join(h.ljust(w) for h, w in zip(("file", "truth", "share-route", "file --mime-type"), widths)))
    for row in rows:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths)))
    print()
print(f"{total} files: share-route right on {right_ours} ({100 * right_ours / total:.1f} %), "
      f"file --mime-type right on {right_theirs} ({100 * right_theirs / total:.1f} %)")
sys.exit(0 if right_ours * 100 >= 98 * total else 1)
