#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer and under ThreadSanitizer (batch runs its
# workers in parallel). Each sanitizer builds into its own scratch path; the CLI tests run the
# sanitized binary too. Exit status: 0 when both runs pass.
#
#   sanitize/run.sh            # address and thread
#   sanitize/run.sh thread     # one of them
set -uo pipefail
cd "$(dirname "$0")/.."
status=0
for sanitizer in "${@:-address thread}"; do
  for one in $sanitizer; do
    echo "== $one"
    log=$(mktemp)
    SHARE_ROUTE_SANITIZER=$one TSAN_OPTIONS="halt_on_error=1" LSAN_OPTIONS="suppressions=$PWD/sanitize/lsan.supp" \
      swift test --disable-xctest --sanitize="$one" --scratch-path ".build-$one" >"$log" 2>&1
    code=$?
    grep -E "Test run with|WARNING: ThreadSanitizer|ERROR: AddressSanitizer|SUMMARY:" "$log" | sort | uniq -c | head -20
    [ $code -eq 0 ] || { echo "$one: failed (exit $code), log: $log"; status=1; }
  done
done
exit $status
