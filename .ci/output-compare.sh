#!/usr/bin/env bash
# Refactors keep behaviour: builds REF (default HEAD) in a scratch worktree and the work tree as it
# is, records every command's output with each binary (.ci/output-snapshot.py, run from this
# checkout so paths are the same), and shows any byte that differs. Exit 0 when identical.
#   .ci/output-compare.sh [REF]
set -euo pipefail
cd "$(dirname "$0")/.."
ref=${1:-HEAD}
# Resolved here: inside the scratch worktree, HEAD would name the worktree's own commit.
rev=$(git rev-parse --verify "$ref^{commit}")
scratch=.build-compare
rm -rf "$scratch/before" "$scratch/after"
mkdir -p "$scratch"
if [ -d "$scratch/worktree" ]; then
  git -C "$scratch/worktree" checkout -q --detach "$rev"
else
  git worktree add -q --detach "$scratch/worktree" "$rev"
fi
echo "output-compare: building $ref ($(git rev-parse --short "$rev"))"
(cd "$scratch/worktree" && swift build -q --product share-route)
echo "output-compare: building the work tree"
swift build -q --product share-route
python3 .ci/output-snapshot.py "$scratch/worktree/.build/debug/share-route" "$scratch/before"
python3 .ci/output-snapshot.py .build/debug/share-route "$scratch/after"
if diff -r "$scratch/before" "$scratch/after"; then
  echo "output-compare: identical ($(ls "$scratch/after" | wc -l) cases)"
else
  echo "output-compare: outputs differ from $ref"
  exit 1
fi
