#!/usr/bin/env bash
# Scale-out, proved with Spark (docs/scale-out.md): routes the bench set's 20,000 requests once with one
# `share-route batch` process and once with pyspark in local mode (RDD.pipe over `share-route batch`, one
# process per partition), and checks that the two outputs are byte-identical. Prints both times.
#
#   bench/spark.sh                 # 8 partitions on local[2]
#   PARTITIONS=16 CORES=2 bench/spark.sh
#
# Needs: pip install pyspark (4.x), Java 17, python3, bc; builds the release binary and makes the bench
# set when missing (as bench/run.sh does). Not part of `swift test`: Spark's start alone takes seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WORK=$ROOT/.build/bench
PARTITIONS=${PARTITIONS:-8}
CORES=${CORES:-2}
mkdir -p "$WORK"
python3 -c 'import pyspark' 2>/dev/null || { echo "spark: pip install pyspark first"; exit 1; }
# The README's release build, as bench/run.sh makes it (incremental when it is current).
if ! BIN=$(scripts/build-release.sh 2>/dev/null); then
  swift build -c release >/dev/null
  BIN=$ROOT/.build/release/share-route
fi
[ -f "$WORK/requests.ndjson" ] || python3 bench/make_set.py "$WORK"
lines=$(wc -l < "$WORK/requests.ndjson")

start=$(date +%s.%N)
"$BIN" batch --no-progress < "$WORK/requests.ndjson" > "$WORK/spark-one.ndjson" 2>/dev/null || true
one=$(echo "$(date +%s.%N) - $start" | bc)

rm -rf "$WORK/spark-out"
start=$(date +%s.%N)
job=$(python3 bench/spark_route.py "$BIN" "$WORK/requests.ndjson" "$WORK/spark-out" "$PARTITIONS" "$CORES" 2>/dev/null)
spark=$(echo "$(date +%s.%N) - $start" | bc)
cat "$WORK"/spark-out/part-* > "$WORK/spark-many.ndjson"
parts=$(ls "$WORK"/spark-out/part-* | wc -l)

printf 'requests: %d; Spark: local[%d], %d partitions (%d part files)\n' "$lines" "$CORES" "$PARTITIONS" "$parts"
printf 'one process (batch, all cores)   : %.2f s\n' "$one"
printf 'Spark RDD.pipe, whole run        : %.2f s (the job itself %.2f s; the rest is the JVM and Spark starting)\n' "$spark" "$job"
if cmp -s "$WORK/spark-one.ndjson" "$WORK/spark-many.ndjson"; then
  echo "identical: $(wc -l < "$WORK/spark-many.ndjson") lines, $(wc -c < "$WORK/spark-many.ndjson") bytes, the same as one process"
else
  echo "spark: the outputs differ"; cmp "$WORK/spark-one.ndjson" "$WORK/spark-many.ndjson" || true; exit 1
fi
