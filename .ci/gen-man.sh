#!/usr/bin/env bash
# Regenerates docs/man/share-route.1 with swift-argument-parser's generate-manual plugin (from the
# debug build). Run after changing a command, an option or a help text; .ci/run fails while it is stale.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product share-route >/dev/null
swift package generate-manual --configuration debug --date "$(date -u +%Y-%m-%d)" >/dev/null
mkdir -p docs/man
cp .build/plugins/GenerateManual/outputs/share-route/share-route.1 docs/man/share-route.1
echo "docs/man/share-route.1 regenerated"
