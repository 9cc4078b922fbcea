#!/usr/bin/env bash
# Remakes scripts/startup-order.txt, the order in which lld lays out the release binary's functions
# and data (scripts/build-release.sh reads it). Run it after changes to what a one-shot command
# runs; a stale order only costs start-up speed, never an answer.
#
#   scripts/startup-order.sh      # builds without an order into .build-order, profiles, writes the file
#
# Needs valgrind (Debian: apt-get install valgrind) and the toolchain's lld. The commands profiled
# are the one-shot ones bench/run.sh times: a routed photo and text file outside a project, `sniff`,
# `--version`, `--json`, and a route inside this repository (its ./manifests folder loaded first).
# Callgrind names the functions each runs; lackey gives every data address each loads or stores.
# Takes about two minutes after the build.
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in valgrind nm strip python3; do
  command -v "$tool" >/dev/null || { echo "startup-order: $tool is needed (Debian: apt-get install valgrind binutils python3)" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$PWD
bin=$(SHARE_ROUTE_ORDER_FILE='' SHARE_ROUTE_LINK_MAP="$work/link.map" SHARE_ROUTE_SCRATCH=.build-order \
  scripts/build-release.sh)
[ -s "$work/link.map" ] || { echo "startup-order: no link map: the build did not link with lld" >&2; exit 1; }
# valgrind cannot read the debug information of the static binary; the symbols are all it needs.
strip --strip-debug -o "$work/share-route" "$bin"
nm -S --defined-only "$work/share-route" >"$work/symbols"
mkdir "$work/outside"
failed() { # STATUS NAME: a profiled command that failed stops the script, with valgrind's log
  [ "$1" -eq 1 ] && return 0
  echo "startup-order: the $2 command failed under valgrind (exit status $1); its log:" >&2
  cat "$work/$2.log" >&2 || true
  exit 1
}
profile() { # NAME DIR ARGS...: callgrind's functions and lackey's data addresses of one command
  local name=$1 dir=$2
  shift 2
  # share-route's exit status 1 (no handler accepted) is an answer; anything above is a failure.
  (cd "$dir" && valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/$name.callgrind" \
    "$work/share-route" "$@" >/dev/null 2>"$work/$name.log") || failed $? "$name"
  (cd "$dir" && valgrind --tool=lackey --trace-mem=yes --log-file="$work/$name.lackey" \
    "$work/share-route" "$@" >/dev/null 2>>"$work/$name.log") || failed $? "$name"
  [ -s "$work/$name.callgrind" ] && [ -s "$work/$name.lackey" ] || failed 2 "$name"
  awk '$1 == "L" || $1 == "S" || $1 == "M" { split($2, a, ","); print a[1] }' "$work/$name.lackey" \
    | sort -u >"$work/$name.addresses"
  rm "$work/$name.lackey"
  functions+=(--functions "$work/$name.callgrind")
  addresses+=(--addresses "$work/$name.addresses")
}
functions=()
addresses=()
profile version "$work/outside" --version
profile photo "$work/outside" "$root/samples/photo.jpg"
profile sniff "$work/outside" sniff "$root/samples/photo.jpg"
profile json "$work/outside" --json "$root/samples/photo.jpg"
profile text "$work/outside" "$root/samples/notes.txt"
profile repository "$root" samples/photo.jpg
python3 scripts/startup-order.py --map "$work/link.map" --symbols "$work/symbols" \
  "${functions[@]}" "${addresses[@]}" >"$work/startup-order.txt"
mv "$work/startup-order.txt" scripts/startup-order.txt
echo "startup-order: wrote scripts/startup-order.txt ($(wc -l <scripts/startup-order.txt) lines)" >&2
