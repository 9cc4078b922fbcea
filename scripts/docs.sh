#!/usr/bin/env bash
# The library's documentation: one DocC archive with a page for every public symbol of ShareRouteKit and of
# the modules it re-exports (ShareRouting, ShareSniffing, ShareVocabulary), their links resolved across them.
# Prints the archive's path. Extra arguments go to docc (CI passes --warnings-as-errors).
set -euo pipefail
cd "$(dirname "$0")/.."
swift package --disable-sandbox generate-documentation --enable-experimental-combined-documentation \
  --target ShareRouteKit --target ShareRouting --target ShareSniffing --target ShareVocabulary "$@" >&2
echo "$PWD/.build/plugins/Swift-DocC/outputs/share-route.doccarchive"
