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
#   SHARE_ROUTE_SCRATCH=DIR       build there instead of .build-release or .build-release-pie
# Relative paths in these are taken from the repository's root.
set -euo pipefail
cd "$(dirname "$0")/.."
direct_metadata=(-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)
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
    swift build -c release --static-swift-stdlib "${direct_metadata[@]}" \
      --scratch-path "$scratch" >&2
    ;;
  "")
    if [ ${#missing[@]} -gt 0 ]; then
      echo "build-release: static archives missing; install them with: sudo apt-get install ${missing[*]}" >&2
      echo "build-release: or build with shared libmagic and libc: scripts/build-release.sh --pie" >&2
      exit 1
    fi
    scratch=${SHARE_ROUTE_SCRATCH:-.build-release}
    swift build -c release -Xswiftc -static-executable -Xlinker -llzma -Xlinker -lbz2 -Xlinker -lz \
      "${direct_metadata[@]}" --scratch-path "$scratch" >&2
    ;;
  *)
    echo "usage: scripts/build-release.sh [--pie | --missing]" >&2
    exit 64
    ;;
esac
built_binary
