#!/usr/bin/env bash
# Benchmarks share-route against `file --mime-type` in the same run and prints ratios first.
#
#   bench/run.sh            # everything (about 20 minutes on a 2-core VM)
#   QUICK=1 bench/run.sh    # fewer runs, smaller memory test
#
# Needs: swift, file, python3, /usr/bin/time (Debian: apt-get install time), and hyperfine
# (apt-get install hyperfine) for the timing runs; a C compiler for the libmagic ceiling row.
# Builds the README's release binary (scripts/build-release.sh; falls back to a dynamic build).
# Work files go to .build/bench.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WORK=$ROOT/.build/bench
mkdir -p "$WORK"
RUNS=${QUICK:+3}
RUNS=${RUNS:-10}
BATCH_MILLION=${QUICK:+100000}
BATCH_MILLION=${BATCH_MILLION:-1000000}

for tool in hyperfine file python3 /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "bench: $tool is missing (apt-get install hyperfine file python3 time)"; exit 1; }
done

echo "== build"
# The README's release build (scripts/build-release.sh): one static executable, libmagic linked
# from its static archive, so the dynamic loader has nothing to find, map or bind at start. The
# --pie build (Swift runtime static, libmagic and libc shared, position-independent) is timed too.
if BIN=$(scripts/build-release.sh 2>"$WORK/build.log") && PIE=$(scripts/build-release.sh --pie 2>>"$WORK/build.log"); then
  echo "release build, static executable: $BIN (and the --pie build $PIE)"
else
  swift build -c release >/dev/null
  BIN=$ROOT/.build/release/share-route
  PIE=$BIN
  echo "release build, dynamic Swift standard library: $BIN (scripts/build-release.sh failed; its last lines:)"
  tail -5 "$WORK/build.log"
fi
# libmagic alone with its whole database, one cookie per thread: the old ceiling for batch (share-route
# now asks libmagic only with the rules that can match, docs/sniffing.md#only-the-rules-that-can-match).
CEILING=""
if command -v cc >/dev/null && cc -O2 -o "$WORK/libmagic_ceiling" bench/libmagic_ceiling.c -lmagic -lpthread 2>/dev/null; then
  CEILING=$WORK/libmagic_ceiling
fi

echo "== 20,000 small real files"
python3 bench/make_set.py "$WORK"

echo "== batch vs file -f (warm cache, $RUNS runs each)"
ceiling_commands=()
if [ -n "$CEILING" ]; then
  ceiling_commands=("$CEILING 1 $WORK/list.txt" "$CEILING $(nproc) $WORK/list.txt")
fi
tr '\n' '\0' < "$WORK/list.txt" > "$WORK/list0.txt"
hyperfine -N --warmup 2 -r "$RUNS" --export-json "$WORK/batch.json" \
  "file --mime-type -b -f $WORK/list.txt" \
  "sh -c '$BIN batch < $WORK/requests.ndjson'" \
  "sh -c '$BIN batch --accepted-only < $WORK/requests.ndjson'" \
  "sh -c '$BIN batch --jobs 1 < $WORK/requests.ndjson'" \
  "$BIN sniff -0 --files-from $WORK/list0.txt" \
  "${ceiling_commands[@]}" >/dev/null 2>&1
python3 - "$WORK/batch.json" "$(nproc)" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
f, b, a, b1, sn = (x["median"] for x in r[:5])
fu, bu = r[0]["user"] + r[0]["system"], r[1]["user"] + r[1]["system"]
print(f"file --mime-type -b -f LIST        : {f:.3f} s ({20000 / f:,.0f} files/s)")
print(f"share-route batch (all cores)      : {b:.3f} s  ratio {f / b:.2f}x file (target >= 2.5x); CPU {bu / fu:.2f}x file's")
print(f"share-route batch --accepted-only  : {a:.3f} s  ratio {f / a:.2f}x file (target >= 3.0x)")
print(f"share-route batch --jobs 1         : {b1:.3f} s  ratio {f / b1:.2f}x file")
print(f"share-route sniff -0 --files-from  : {sn:.3f} s  ratio {f / sn:.2f}x file (target >= 2.5x; the same 20,000 paths, streamed)")
if len(r) == 7:
    c1, cn = r[5]["median"], r[6]["median"]
    print(f"libmagic alone, 1 thread           : {c1:.3f} s  ratio {f / c1:.2f}x file (open, read 64 KiB, magic_buffer; nothing else)")
    print(f"libmagic alone, {sys.argv[2]} threads          : {cn:.3f} s  ratio {f / cn:.2f}x file: the old ceiling (whole database);"
          f" batch takes {b / cn:.0%} of its time, --accepted-only {a / cn:.0%}")
PY
"$BIN" batch < "$WORK/requests.ndjson" 2>&1 >/dev/null | tail -1

echo "== one-shot (warm, $((RUNS * 10)) runs each, interleaved; from a directory without manifests/, so the built-in set is used)"
# Interleaved rounds (bench/oneshot.py), not hyperfine's one block per command: on a shared VM the
# blocks of `file` and of share-route could meet different machine states, which moved these ratios
# by 0.4x between runs of the same binaries.
python3 bench/oneshot.py "$RUNS" 10 "$WORK" "$WORK/oneshot.json" -- \
  "file --mime-type $ROOT/samples/photo.jpg" "$BIN $ROOT/samples/photo.jpg" "$BIN sniff $ROOT/samples/photo.jpg" \
  "$BIN --version" "$PIE $ROOT/samples/photo.jpg" "$PIE --version" \
  "file --mime-type $ROOT/samples/notes.txt" "$BIN $ROOT/samples/notes.txt"
# Inside this repository: its ./manifests folder (22 YAML and JSON files) is loaded first.
python3 bench/oneshot.py "$RUNS" 10 "$ROOT" "$WORK/oneshot-repo.json" -- \
  "file --mime-type samples/photo.jpg" "$BIN samples/photo.jpg"
python3 - "$WORK/oneshot.json" "$WORK/oneshot-repo.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
f, route, sniff, version, pie, pieversion, ftext, text = (x["median"] * 1000 for x in r)
rr = json.load(open(sys.argv[2]))["results"]
rf, rroute = (x["median"] * 1000 for x in rr)
print(f"file --mime-type FILE        : {f:.1f} ms")
print(f"share-route FILE (route)     : {route:.1f} ms  ratio {route / f:.2f}x file (target <= 2x)")
print(f"  inside this repository     : {rroute:.1f} ms  ratio {rroute / rf:.2f}x file (target <= 2.5x; ./manifests loaded first)")
print(f"share-route sniff FILE       : {sniff:.1f} ms  ratio {sniff / f:.2f}x file")
print(f"share-route --version        : {version:.1f} ms  ratio {version / f:.2f}x file (process start alone)")
print(f"--pie build: FILE {pie:.1f} ms ({pie / f:.2f}x file), --version {pieversion:.1f} ms")
print(f"share-route notes.txt        : {text:.1f} ms  ratio {text / ftext:.2f}x file ({ftext:.1f} ms; a text file: libmagic's database loaded and walked)")
print(f"page faults of one start     : file {r[0]['faults']:.0f}, share-route FILE {r[1]['faults']:.0f}, --version {r[3]['faults']:.0f}, inside this repository {rr[1]['faults']:.0f}")
PY

echo "== routing cost per share (declared items, no sniffing) as handlers grow"
# Two handler sets of each size. "broad": every handler draws 1-2 of 9 common filter types
# (a third take a JPEG, so the accepted list grows with the set). "few": the same 10 handlers
# that take a JPEG, plus handlers of other types (PDF, audio, text, archives, VIEW-only) - an app
# ecosystem where a photo reaches a few apps. The per-share cost is (N requests - 1 request) /
# (N - 1); ratios are against the 10-handler set of the same kind. N is 20,001 for "few" with
# --accepted-only (a share costs about 15 us there, so 2,000 of them were within the noise of
# loading 10,000 manifests and once came out negative), 201 for every refusal of 10,000
# handlers, and 2,001 otherwise.
python3 - "$WORK" <<'PY'
import json, os, random, sys
work = sys.argv[1]
broad = ["image/*", "image/jpeg", "video/*", "audio/*", "application/pdf", "text/plain", "text/*", "*/*", "application/zip"]
other = ["audio/*", "audio/mpeg", "application/pdf", "text/plain", "text/csv", "application/zip", "video/mp4",
         "application/vnd.ms-excel", "text/calendar", "text/vcard", "application/epub+zip", "font/ttf"]
def write(d, docs):
    if os.path.isdir(d) and len(os.listdir(d)) == len(docs):
        return
    os.makedirs(d, exist_ok=True)
    for doc in docs:
        with open(os.path.join(d, doc["id"] + ".json"), "w") as f:
            json.dump(doc, f)
def handler(i, actions, types):
    return {"id": f"h{i:05d}", "label": f"Handler {i}", "android": {"intentFilters": [{"actions": actions, "mimeTypes": types}]}}
for n in (10, 1000, 10000):
    rng = random.Random(7)
    write(os.path.join(work, f"handlers-{n}"), [
        handler(i, rng.choice([["SEND"], ["SEND", "SEND_MULTIPLE"], ["VIEW"]]), rng.sample(broad, rng.randint(1, 2)))
        for i in range(n)])
    rng = random.Random(8)
    takers = [handler(i, ["SEND", "SEND_MULTIPLE"], [rng.choice(["image/*", "image/jpeg", "*/*"])]) for i in range(10)]
    rest = [handler(i, rng.choice([["SEND"], ["SEND", "SEND_MULTIPLE"], ["VIEW"]]), rng.sample(other, rng.randint(1, 2)))
            for i in range(10, n)]
    write(os.path.join(work, f"few-{n}"), takers + rest)
for count in (1, 201, 2001, 20001):
    with open(os.path.join(work, f"declared-{count}.ndjson"), "w") as f:
        for i in range(count):
            f.write(json.dumps({"id": str(i), "items": [{"type": "image/jpeg"}]}) + "\n")
PY
for kind in broad few; do
  for flag in "" "--accepted-only"; do
    for n in 10 1000 10000; do
      set=$([ "$kind" = broad ] && echo handlers || echo few)
      requests=2001
      if [ "$kind" = few ] && [ -n "$flag" ]; then requests=20001; fi
      if [ "$n" -ge 10000 ] && [ -z "$flag" ]; then requests=201; fi
      hyperfine -N --warmup 1 -r 3 --export-json "$WORK/route-$kind-$n$flag.json" \
        "sh -c '$BIN batch --jobs 1 $flag --manifests $WORK/$set-$n < $WORK/declared-1.ndjson'" \
        "sh -c '$BIN batch --jobs 1 $flag --manifests $WORK/$set-$n < $WORK/declared-$requests.ndjson'" >/dev/null 2>&1
      echo "$kind $n ${flag:-all} $requests $WORK/route-$kind-$n$flag.json"
    done
  done
done | python3 -c '
import json, sys
base = {}
for line in sys.stdin:
    kind, n, flag, requests, path = line.split()
    r = json.load(open(path))["results"]
    one, many = (x["median"] for x in r)
    per = (many - one) / (int(requests) - 1) * 1e6
    n = int(n)
    if n == 10: base[(kind, flag)] = per
    ratio = per / base[(kind, flag)]
    target = "  (target <= 3x)" if kind == "few" and flag == "--accepted-only" and n == 10000 else ""
    print(f"{kind:5} {flag:15} {n:>6} handlers: start + load {one * 1000:7.1f} ms, {per:8.1f} us per share, {ratio:6.2f}x the 10-handler cost{target}")
'

echo "== routing cost per share with predicate-string rules (1,000 iOS handlers, §2.4-style rules)"
python3 - "$WORK" <<'PY'
import json, os, random, sys
work = sys.argv[1]
rng = random.Random(11)
def any_of(types):
    return " || ".join(f'ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "{t}"' for t in types)
kinds = ["public.image", "public.movie", "public.url", "public.text", "com.adobe.pdf", "public.data", "public.file-url"]
d = os.path.join(work, "predicates-1000")
os.makedirs(d, exist_ok=True)
for i in range(1000):
    inner = any_of(rng.sample(kinds, rng.randint(1, 5)))
    shape = rng.choice([
        f"SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, {inner}).@count == $e.attachments.@count).@count == 1",
        f"SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, {inner}).@count >= 1).@count > 0",
        f"SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, {inner}).@count <= 2).@count == 1",
    ])
    with open(os.path.join(d, f"p{i:04d}.json"), "w") as f:
        json.dump({"id": f"p{i:04d}", "label": f"Predicate {i}", "ios": {"activationRule": shape}}, f)
PY
hyperfine -N --warmup 1 -r 3 --export-json "$WORK/predicates.json" \
  "sh -c '$BIN batch --jobs 1 --manifests $WORK/predicates-1000 < $WORK/declared-1.ndjson'" \
  "sh -c '$BIN batch --jobs 1 --manifests $WORK/predicates-1000 < $WORK/declared-2001.ndjson'" >/dev/null 2>&1
python3 - "$WORK/predicates.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
one, many = (x["median"] for x in r)
per = (many - one) / 2000 * 1e6
print(f"  1000 predicate handlers: start + load {one * 1000:7.1f} ms, {per:8.1f} us per share ({per / 1000:.3f} us per handler)")
PY

echo "== loading at scale: 1,000 and 5,000 handler manifests (half YAML, half JSON), start + load + 1 or 200 requests"
python3 - "$WORK" <<'PY'
import json, os, random, sys
work = sys.argv[1]
rng = random.Random(5)
types = ["image/*", "image/jpeg", "video/*", "audio/*", "application/pdf", "text/plain", "text/*", "*/*"]
for n in (1000, 5000):
    d = os.path.join(work, f"manifests-{n}")
    if os.path.isdir(d) and len(os.listdir(d)) == n:
        continue
    os.makedirs(d, exist_ok=True)
    for i in range(n):
        doc = {"id": f"m{i:05d}", "label": f"Manifest {i}", "android": {"intentFilters": [
            {"actions": rng.choice([["SEND"], ["SEND", "SEND_MULTIPLE"]]), "mimeTypes": rng.sample(types, rng.randint(1, 2))}]}}
        name = f"m{i:05d}.yaml" if i % 2 else f"m{i:05d}.json"
        with open(os.path.join(d, name), "w") as f:
            json.dump(doc, f)  # JSON is YAML too
PY
for n in 1000 5000; do
  hyperfine -N --warmup 1 -r "$RUNS" --export-json "$WORK/load-$n.json" \
    "sh -c '$BIN batch --jobs 1 --manifests $WORK/manifests-$n < $WORK/declared-1.ndjson'" \
    "sh -c '$BIN batch --manifests $WORK/manifests-$n < $WORK/declared-201.ndjson'" \
    "sh -c '$BIN batch --accepted-only --manifests $WORK/manifests-$n < $WORK/declared-201.ndjson'" >/dev/null 2>&1
  python3 - "$WORK/load-$n.json" "$n" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
one, many, accepted = (x["median"] for x in r)
n = int(sys.argv[2])
target = " (target <= 1 s)" if n == 5000 else ""
print(f"{n:>5} manifests: start + load {one * 1000:7.1f} ms ({one / n * 1e6:.0f} us per manifest); + 200 requests {many * 1000:7.1f} ms{target}, --accepted-only {accepted * 1000:7.1f} ms")
PY
done

echo "== long argument lists against batch of the same items (linear, at most 2x batch)"
python3 - "$WORK" <<'PY'
import json, os, sys
work = sys.argv[1]
names = sorted(os.listdir(os.path.join(work, "files")))[:20000]
with open(os.path.join(work, "paths-20000.txt"), "w") as f:
    f.write("\n".join(os.path.join(work, "files", n) for n in names) + "\n")
with open(os.path.join(work, "paths-10000.txt"), "w") as f:
    f.write("\n".join(os.path.join(work, "files", n) for n in names[:10000]) + "\n")
# A share holds at most 10,000 items: the 20,000 paths are two requests.
with open(os.path.join(work, "one-request-10000.ndjson"), "w") as f:
    f.write(json.dumps({"items": [{"path": os.path.join(work, "files", n)} for n in names[:10000]]}) + "\n")
with open(os.path.join(work, "two-requests-20000.ndjson"), "w") as f:
    for half in (names[:10000], names[10000:20000]):
        f.write(json.dumps({"items": [{"path": os.path.join(work, "files", n)} for n in half]}) + "\n")
with open(os.path.join(work, "utis-10000.ndjson"), "w") as f:
    f.write(json.dumps({"items": [{"uti": "public.jpeg"}] * 10000}) + "\n")
with open(os.path.join(work, "utis-10000.args"), "w") as f:
    f.write(" ".join(["--uti public.jpeg"] * 10000))
PY
hyperfine -N -i --warmup 1 -r 3 --export-json "$WORK/arguments.json" \
  "sh -c '$BIN sniff \$(cat $WORK/paths-20000.txt)'" \
  "sh -c '$BIN batch --jobs 1 < $WORK/two-requests-20000.ndjson'" \
  "sh -c '$BIN --json \$(cat $WORK/paths-10000.txt)'" \
  "sh -c '$BIN batch --jobs 1 < $WORK/one-request-10000.ndjson'" \
  "sh -c '$BIN --json \$(cat $WORK/utis-10000.args)'" \
  "sh -c '$BIN batch --jobs 1 < $WORK/utis-10000.ndjson'" >/dev/null 2>&1 || true
python3 - "$WORK/arguments.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
sniff, batch, route, batch10, utis, batch_utis = (x["median"] for x in r)
print(f"sniff with 20,000 paths      : {sniff:.2f} s  ratio {sniff / batch:.2f}x batch of them (2 requests, {batch:.2f} s)")
print(f"route with 10,000 paths      : {route:.2f} s  ratio {route / batch10:.2f}x one batch request of them ({batch10:.2f} s)")
print(f"route with 10,000 --uti flags: {utis:.2f} s  ratio {utis / batch_utis:.2f}x one batch request ({batch_utis:.2f} s)")
PY

echo "== peak memory"
/usr/bin/time -f "batch over the 20,000 files:     %e s, %M KB peak" "$BIN" batch <"$WORK/requests.ndjson" >/dev/null 2>"$WORK/batch-memory.err" || true
tail -1 "$WORK/batch-memory.err"
/usr/bin/time -f "file -f over them:               %e s, %M KB peak" file --mime-type -b -f "$WORK/list.txt" >/dev/null
truncate -s 10G "$WORK/sparse.ts"
cp samples/fixtures/v.ts "$WORK/head.ts" && dd if="$WORK/head.ts" of="$WORK/sparse.ts" conv=notrunc status=none
/usr/bin/time -f "sniff of a 10 GB sparse MPEG-TS: %e s, %M KB peak" "$BIN" sniff "$WORK/sparse.ts" >/dev/null
/usr/bin/time -f "file --mime-type on it:          %e s, %M KB peak" file --mime-type "$WORK/sparse.ts" >/dev/null
rm -f "$WORK/sparse.ts"
python3 -c "
import sys
line = '{\"id\":\"x\",\"items\":[{\"text\":\"hi\"}]}\n' * 1000
for _ in range($BATCH_MILLION // 1000): sys.stdout.write(line)
" | /usr/bin/time -f "batch of $BATCH_MILLION requests:     %e s, %M KB peak" "$BIN" batch >/dev/null 2>"$WORK/million.err" || true
tail -1 "$WORK/million.err"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(file --version | head -1), $(date -u +%Y-%m-%d)"
