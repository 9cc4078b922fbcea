#!/usr/bin/env bash
# Builds the release binary the README describes and prints its path on standard output.
#
#   scripts/build-release.sh         # one static executable: .build-release/release/share-route
#   scripts/build-release.sh --pie   # the Swift runtime static, libmagic and libc shared, position-independent
#   scripts/build-release.sh --missing   # the Debian packages of the static archives not installed, one a line
#
# On macOS both forms are the ordinary release build (no static executables there).
# The static executable links libmagic and its compression libraries from their static archives
# (Debian: libmagic-dev, libbz2-dev, liblzma-dev, zlib1g-dev). Both builds pass the compiler flag
# that gives concrete generic types direct metadata accessors instead of mangled names: the Swift
# runtime then does not search the binary's conformance records when a dictionary or set type is
# first used (each search reads every record of the 80 MB image).
#
# On Linux, when the toolchain has lld, both builds also put each function in its own section and
# let lld lay out first the functions and data a one-shot command touches, in the order of
# scripts/startup-order.txt (scripts/startup-order.sh makes it). Data moves by input section: a
# Swift object keeps its globals in a few sections, so naming one of them moves them all. A start
# then faults in about 180 pages instead of about 340: on a VM each fault costs 3-4 microseconds,
# a third of a one-shot route's time. The order changes the layout only; a stale list only costs
# speed. lld is the toolchain's (next to swift) or any ld.lld on PATH; without one the build says
# so and links as before.
#
#   SHARE_ROUTE_ORDER_FILE=FILE   another order file; empty: none (scripts/startup-order.sh)
#   SHARE_ROUTE_LINK_MAP=FILE     also write lld's link map there (scripts/startup-order.sh)
#   SHARE_ROUTE_SCRATCH=DIR       build there instead of .build-release or .build-release-pie
# Relative paths in these are taken from the repository's root.
set -euo pipefail
cd "$(dirname "$0")/.."
direct_metadata=(-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)
# The startup layout: lld from the toolchain (next to swift), function sections, the order file.
# The order file is linked from a copy named by its checksum inside the scratch directory, so a
# changed order changes the link command and SwiftPM links again.
layout=()
order_file=${SHARE_ROUTE_ORDER_FILE-scripts/startup-order.txt}
swift_bin=$(dirname "$(readlink -f "$(command -v swift || echo /nonexistent)")")
startup_layout() { # SCRATCH: sets layout
  [ "$(uname -s)" != Darwin ] || return 0
  if [ -x "$swift_bin/ld.lld" ] || command -v ld.lld >/dev/null; then
    layout=(-Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld)
  else
    echo "build-release: no ld.lld next to swift or on PATH: linked without the startup layout (slower starts)" >&2
  fi
  same_objects "$1"
  [ ${#layout[@]} -gt 0 ] || return 0
  if [ -n "$order_file" ]; then
    [ -r "$order_file" ] || { echo "build-release: cannot read the order file $order_file" >&2; exit 1; }
    local copy
    copy="$(cd "$1" && pwd)/startup-order-$(cksum <"$order_file" | cut -d' ' -f1).txt"
    [ -e "$copy" ] || cp "$order_file" "$copy"
    layout+=(-Xlinker "--symbol-ordering-file=$copy" -Xlinker --no-warn-symbol-ordering)
  fi
  if [ -n "${SHARE_ROUTE_LINK_MAP:-}" ]; then
    layout+=(-Xlinker --no-demangle -Xlinker "-Map=$SHARE_ROUTE_LINK_MAP")
  fi
}
# SwiftPM can keep objects compiled without -function-sections when only that flag is added (it
# relinked the old objects when the layout came in), so a scratch directory whose objects were
# built with the other setting is cleaned once. A stamp in it records the setting.
same_objects() { # SCRATCH
  local stamp="$1/share-route-function-sections" want=no
  [ ${#layout[@]} -eq 0 ] || want=yes
  if [ -e "$1/release" ] && [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    echo "build-release: $1 holds objects built with other compiler flags; cleaning it once" >&2
    swift package clean --scratch-path "$1" >&2
  fi
  mkdir -p "$1"
  echo "$want" >"$stamp"
}
built_binary() { # prints the path of the binary built in $scratch (absolute, or from the root)
  case $scratch in
    /*) echo "$scratch/release/share-route" ;;
    *) echo "$PWD/$scratch/release/share-route" ;;
  esac
}
# The static archives the executable links, each with the Debian package that has it.
missing=()
for archive in libmagic.a:libmagic-dev libbz2.a:libbz2-dev liblzma.a:liblzma-dev libz.a:zlib1g-dev; do
  file=${archive%%:*}
  compgen -G "/usr/lib/*/$file" >/dev/null || [ -e "/usr/lib/$file" ] || [ -e "/usr/lib64/$file" ] \
    || missing+=("${archive##*:}")
done
if [ "$(uname -s)" = Darwin ]; then
  # macOS has no static executables; the Swift runtime is part of the system there.
  [ "${1:-}" = --missing ] && exit 0
  scratch=${SHARE_ROUTE_SCRATCH:-.build-release}
  swift build -c release "${direct_metadata[@]}" --scratch-path "$scratch" >&2
  built_binary
  exit 0
fi
case "${1:-}" in
  --missing)
    [ ${#missing[@]} -eq 0 ] || printf '%s\n' "${missing[@]}"
    exit 0
    ;;
  --pie)
    scratch=${SHARE_ROUTE_SCRATCH:-.build-release-pie}
    startup_layout "$scratch"
    swift build -c release --static-swift-stdlib "${direct_metadata[@]}" ${layout[@]+"${layout[@]}"} \
      --scratch-path "$scratch" >&2
    ;;
  "")
    if [ ${#missing[@]} -gt 0 ]; then
      echo "build-release: static archives missing; install them with: sudo apt-get install ${missing[*]}" >&2
      echo "build-release: or build with shared libmagic and libc: scripts/build-release.sh --pie" >&2
      exit 1
    fi
    scratch=${SHARE_ROUTE_SCRATCH:-.build-release}
    startup_layout "$scratch"
    swift build -c release -Xswiftc -static-executable -Xlinker -llzma -Xlinker -lbz2 -Xlinker -lz \
      "${direct_metadata[@]}" ${layout[@]+"${layout[@]}"} --scratch-path "$scratch" >&2
    ;;
  *)
    echo "usage: scripts/build-release.sh [--pie | --missing]" >&2
    exit 64
    ;;
esac
built_binary
