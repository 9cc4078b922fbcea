#!/usr/bin/env bash
# Builds the ten libFuzzer targets (AddressSanitizer, coverage) and runs each for SECONDS (default 600),
# two at a time. Seeds: Fuzz/seeds/ (requests, expectations, predicates, platform files), manifests/,
# samples/fixtures/.
# Crashes are kept in Fuzz/crashes/TARGET/ (then each becomes a regression test); the summary
# line of each run is printed at the end.
#
#   Fuzz/run.sh            # 10 minutes per target
#   SECONDS_PER_TARGET=30 Fuzz/run.sh
#   TARGETS="FuzzManifests" Fuzz/run.sh
set -euo pipefail
cd "$(dirname "$0")"
PER=${SECONDS_PER_TARGET:-600}
FUZZER_LIB=$(ls "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")"/lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a | head -1)
[ -f "$FUZZER_LIB" ] || { echo "fuzz: libclang_rt.fuzzer_no_main not found in the Swift toolchain"; exit 1; }
mkdir -p .build
if ! swift build -c debug -Xswiftc -sanitize=address \
  -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
  -Xlinker "$FUZZER_LIB" -Xlinker -lstdc++ >.build/fuzz-build.log 2>&1; then
  grep -E 'error:' .build/fuzz-build.log | head -20
  echo "fuzz: the fuzz targets do not build (Fuzz/.build/fuzz-build.log)"
  exit 1
fi
tail -1 .build/fuzz-build.log

WORK=.build/fuzz
rm -rf "$WORK"
mkdir -p "$WORK"/{FuzzManifests,FuzzRequests,FuzzExpectations,FuzzSniffing,FuzzMagicSubsets,FuzzPredicates,FuzzPlatformFiles,FuzzProjectFiles,FuzzBuildFiles,FuzzArtifacts} crashes
find ../manifests -name '*.yaml' -o -name '*.json' | while read -r f; do cp "$f" "$WORK/FuzzManifests/"; done
cp seeds/requests/* "$WORK/FuzzRequests/"
cp seeds/expectations/* "$WORK/FuzzExpectations/"
cp ../samples/fixtures/* "$WORK/FuzzSniffing/"
cp ../samples/signatures/* "$WORK/FuzzSniffing/"
# Subsets of libmagic's rules: the same files, cut to the 64 KiB share-route gives libmagic from memory.
for f in ../samples/fixtures/* ../samples/signatures/* ../samples/shortcuts/*; do
  if [ -f "$f" ]; then head -c 65536 "$f" >"$WORK/FuzzMagicSubsets/$(basename "$f")"; fi
done
cp seeds/predicates/* "$WORK/FuzzPredicates/"
# Crashers found earlier (each also a regression test) seed their target again.
for crasher in seeds/crashers/*; do
  [ -e "$crasher" ] && cp "$crasher" "$WORK/$(basename "$crasher" | cut -d- -f1)/"
done
cp seeds/platform/* "$WORK/FuzzPlatformFiles/"
# Project files of samples/projects, each behind the byte that picks its role (see the target).
n=0
for f in $(find ../samples/projects -name build.gradle) ; do { printf '\000'; cat "$f"; } >"$WORK/FuzzProjectFiles/gradle-$n"; n=$((n+1)); done
for f in $(find ../samples/projects -name build.gradle.kts) ; do { printf '\001'; cat "$f"; } >"$WORK/FuzzProjectFiles/kts-$n"; n=$((n+1)); done
for f in $(find ../samples/projects -name strings.xml) ; do { printf '\002'; cat "$f"; } >"$WORK/FuzzProjectFiles/strings-$n"; n=$((n+1)); done
for f in $(find ../samples/projects -name project.pbxproj) ; do { printf '\003'; cat "$f"; } >"$WORK/FuzzProjectFiles/pbxproj-$n"; n=$((n+1)); done
# Build files behind the byte that picks their role in FuzzBuildFiles (settings, scripts, catalog,
# properties, .xcconfig).
for f in $(find ../samples/projects -name 'settings.gradle*'); do { printf '\000'; cat "$f"; } >"$WORK/FuzzBuildFiles/settings-$n"; n=$((n+1)); done
for f in $(find ../samples/projects -name build.gradle.kts); do { printf '\001'; cat "$f"; } >"$WORK/FuzzBuildFiles/kts-$n"; n=$((n+1)); done
for f in $(find ../samples/projects -name build.gradle); do { printf '\002'; cat "$f"; } >"$WORK/FuzzBuildFiles/gradle-$n"; n=$((n+1)); done
for f in $(find ../samples/projects -name libs.versions.toml); do { printf '\003'; cat "$f"; } >"$WORK/FuzzBuildFiles/toml-$n"; n=$((n+1)); done
for f in $(find ../samples/projects -name gradle.properties); do { printf '\004'; cat "$f"; } >"$WORK/FuzzBuildFiles/properties-$n"; n=$((n+1)); done
for f in $(find ../samples/projects -name '*.xcconfig'); do { printf '\007'; cat "$f"; } >"$WORK/FuzzBuildFiles/xcconfig-$n"; n=$((n+1)); done
for f in $(find ../samples/projects -name project.yml); do { printf '\011'; cat "$f"; } >"$WORK/FuzzBuildFiles/xcodegen-$n"; n=$((n+1)); done
for f in $(find ../samples/projects -name '*.csproj'); do { printf '\014'; cat "$f"; } >"$WORK/FuzzBuildFiles/csproj-$n"; n=$((n+1)); done
for f in $(find ../samples/projects -name '*.cs'); do { printf '\015'; cat "$f"; } >"$WORK/FuzzBuildFiles/csharp-$n"; n=$((n+1)); done
for f in $(find ../samples/projects -name app.json); do { printf '\013'; cat "$f"; } >"$WORK/FuzzBuildFiles/expo-$n"; n=$((n+1)); done
# The shapes that once made a reader quadratic or an expansion unbounded (README, Robustness checks),
# cut to fit -max_len: nesting braces then words, parentheses then "){", settings that multiply.
python3 - "$WORK" <<'PY'
import sys
work, n = sys.argv[1], 32000
shapes = {"nest-braces": b"{" * n + b" a" * (n // 2), "nest-parens": b"(" * (n // 2) + b"){" * (n // 2)}
for name, body in shapes.items():
    for role, folder in ((b"\002", "FuzzBuildFiles"), (b"\001", "FuzzBuildFiles"), (b"\000", "FuzzProjectFiles")):
        open(f"{work}/{folder}/{name}-{role[0]}", "wb").write(role + body)
fanout = "L0 = x\n" + "".join(f"L{i} = " + f"$(L{i-1})" * 10 + "\n" for i in range(1, 9)) + "PRODUCT_BUNDLE_IDENTIFIER = $(L8)\n"
open(f"{work}/FuzzBuildFiles/fanout-xcconfig", "wb").write(b"\007" + fanout.encode())
PY

# Members of the built artifacts (samples/artifacts), each behind the byte that picks its reader.
python3 - "$WORK/FuzzArtifacts" ../samples/artifacts <<'PY'
import glob, os, sys, zipfile
out, artifacts = sys.argv[1], sys.argv[2]
roles = {"AndroidManifest.xml": 0, "resources.arsc": 1, "base/manifest/AndroidManifest.xml": 2, "base/resources.pb": 3}
for path in sorted(glob.glob(f"{artifacts}/*.apk") + glob.glob(f"{artifacts}/*.aab") + glob.glob(f"{artifacts}/pitfalls/*.apk")):
    with zipfile.ZipFile(path) as archive:
        for name, role in roles.items():
            if name in archive.namelist():
                open(f"{out}/{os.path.basename(path)}-{role}", "wb").write(bytes([role]) + archive.read(name))
for path in sorted(glob.glob(f"{artifacts}/*.apk") + glob.glob(f"{artifacts}/*.aab") + glob.glob(f"{artifacts}/*.ipa")):
    open(f"{out}/zip-{os.path.basename(path)}", "wb").write(b"\x05" + open(path, "rb").read())
for path in glob.glob(f"{artifacts}/**/InfoPlist.strings", recursive=True):
    open(f"{out}/strings-{abs(hash(path))}", "wb").write(b"\x04" + open(path, "rb").read())
PY
# The shapes of hostile/run.py's built-artifact cases, cut to fit -max_len: places that repeat every
# ancestor, names used by every attribute, references scanning every configuration, namespace
# declarations at every level, strings shared by every reference, ZIP members named twice or
# sharing bytes.
python3 - "$WORK" <<'PY'
import sys
sys.path.insert(0, "../hostile")
sys.dont_write_bytecode = True
import artifacts as a
work = sys.argv[1]
seeds = {
    "FuzzArtifacts/shape-deep-names": b"\x00" + a.deep_long_names(64, 512, 4),
    "FuzzArtifacts/shape-attribute-names": b"\x00" + a.long_attribute_names(2000, 16),
    "FuzzArtifacts/shape-references": b"\x00" + a.many_references(200),
    "FuzzArtifacts/shape-empty-chunks": b"\x01" + a.resource_table_of_empty_chunks(1000),
    "FuzzArtifacts/shape-declarations": b"\x02" + a.proto_deep_declarations(40, 20),
    "FuzzArtifacts/shape-values": b"\x03" + a.proto_resources_many_values(2, 1000),
    "FuzzArtifacts/shape-zip-twice": b"\x05" + a.zip_archive([("AndroidManifest.xml", a.share_manifest()), ("AndroidManifest.xml", a.share_manifest(mime="text/*"))]),
    "FuzzArtifacts/shape-zip-shared": b"\x05" + a.zip_archive([("Payload/A.app/PlugIns/E0.appex/Info.plist", a.padded_share_plist(20000))],
                                                               [(f"Payload/A.app/PlugIns/E{i}.appex/Info.plist", 0) for i in range(8)]),
    "FuzzPlatformFiles/shape-shared-string": a.shared_string_plist(2000, 20000),
}
for name, data in seeds.items():
    if len(data) <= 65536:
        open(f"{work}/{name}", "wb").write(data)
    else:
        print(f"fuzz: seed {name} is {len(data)} bytes, over -max_len", file=sys.stderr)
PY

run() {
  local target=$1
  mkdir -p "crashes/$target"
  # Memory is bounded too: a run over 1 GB of resident memory (ASan's shadow included) or one
  # allocation over 512 MB is a failure, kept in crashes/ like a crash.
  ".build/debug/$target" "$WORK/$target" -max_total_time="$PER" -max_len=65536 -rss_limit_mb=1024 -malloc_limit_mb=512 \
    -artifact_prefix="crashes/$target/" -print_final_stats=1 >"$WORK/$target.log" 2>&1 || true
  local runs seconds stat
  runs=$(grep -m1 'stat::number_of_executed_units' "$WORK/$target.log" | awk '{print $2}')
  seconds=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$WORK/$target.log")
  stat=$(grep -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE)' "$WORK/$target.log" | tail -1 | sed 's/ MS:.*//')
  echo "$target: ${runs:-?} runs in ${seconds:-? (stopped early)} s; $(ls "crashes/$target" | wc -l) crash file(s); last: ${stat}"
}
targets=${TARGETS:-FuzzManifests FuzzRequests FuzzExpectations FuzzSniffing FuzzMagicSubsets FuzzPredicates FuzzPlatformFiles FuzzProjectFiles FuzzBuildFiles FuzzArtifacts}
set -- $targets
while [ $# -gt 0 ]; do
  run "$1" &
  [ $# -gt 1 ] && { run "$2" & }
  wait
  shift $(( $# > 1 ? 2 : 1 ))
done
