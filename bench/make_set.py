#!/usr/bin/env python3
"""Makes the bench set in WORK: 20,000 small real files (copies of samples/ and samples/fixtures/, at
most 64 KiB each), list.txt (their paths) and requests.ndjson (one batch request per file, its id the
file's name). Used by bench/run.sh and bench/spark.sh; run from the repository root.

Usage: bench/make_set.py WORK
"""
import os, shutil, sys, json
work = sys.argv[1]
files = os.path.join(work, "files")
sources = [os.path.join("samples", n) for n in sorted(os.listdir("samples")) if os.path.isfile(os.path.join("samples", n)) and not n.endswith(".sh")]
sources += [os.path.join("samples/fixtures", n) for n in sorted(os.listdir("samples/fixtures"))]
sources = [s for s in sources if 0 < os.path.getsize(s) <= 64 * 1024]
if not os.path.isdir(files) or len(os.listdir(files)) < 20000:
    shutil.rmtree(files, ignore_errors=True)
    os.makedirs(files)
    for i in range(20000):
        src = sources[i % len(sources)]
        shutil.copyfile(src, os.path.join(files, f"{i:05d}-{os.path.basename(src)}"))
names = sorted(os.listdir(files))
with open(os.path.join(work, "list.txt"), "w") as f:
    f.writelines(os.path.join(files, n) + "\n" for n in names)
with open(os.path.join(work, "requests.ndjson"), "w") as f:
    for n in names:
        f.write(json.dumps({"id": n, "items": [{"path": os.path.join(files, n)}]}) + "\n")
print(f"{len(names)} files from {len(sources)} real samples and fixtures (made by samples/make-*.sh)")
