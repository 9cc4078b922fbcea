#!/usr/bin/env python3
"""Routes NDJSON batch requests with Spark: RDD.pipe over `share-route batch`, one process per partition.

Usage: bench/spark_route.py BINARY REQUESTS OUTDIR [PARTITIONS] [CORES]

Runs pyspark in local mode (local[CORES], default 2), reads REQUESTS as a text file cut into PARTITIONS
pieces (default 8), pipes each through `BINARY batch --jobs 1 --no-progress`, and saves the result to OUTDIR
(part-00000, part-00001, ... in input order: textFile keeps lines in order within and across partitions,
and pipe keeps each partition's order). Prints the Spark job's own time in seconds.
"""
import os, sys, time

from pyspark import SparkConf, SparkContext

binary, requests, outdir = sys.argv[1:4]
partitions = int(sys.argv[4]) if len(sys.argv) > 4 else 8
cores = int(sys.argv[5]) if len(sys.argv) > 5 else 2
conf = SparkConf().setMaster(f"local[{cores}]").setAppName("share-route batch").set("spark.ui.enabled", "false")
sc = SparkContext(conf=conf)
sc.setLogLevel("ERROR")
start = time.monotonic()
lines = sc.textFile("file://" + os.path.abspath(requests), minPartitions=partitions)
# A request line that is invalid makes its partition's process exit 65 after answering every line; pipe
# would then fail the task, so the exit status is checked on the routes instead (each line says).
routes = lines.pipe(f"{binary} batch --jobs 1 --no-progress", checkCode=False)
routes.saveAsTextFile("file://" + os.path.abspath(outdir))
print(f"{time.monotonic() - start:.3f}")
sc.stop()
