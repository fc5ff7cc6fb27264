#!/usr/bin/env bash
# The recalls import (vspec recalls import) at two sizes, in one run: NHTSA's real sample recalls
# file, repeated under new campaign numbers into files of 100,000 and 400,000 rows, each imported
# into an empty event store of its own. Prints rows/s of each, the heap each import retained at
# most (used heap after full collections, sampled every 20,000 rows) and the ratio of the larger
# file's peak to the smaller's (target <= 1.2: the import streams, so memory does not grow with
# the file).
#
#   bench/recall-import.sh
#
# It needs no running stack, only the PostgreSQL server (VSPEC_DB_USER, VSPEC_DB_PASSWORD; the
# databases it creates are dropped afterwards). Settings (environment): BENCH_ROWS
# (100000,400000), BENCH_TARGET (1.2), BENCH_SAMPLE (the real sample file), VSPEC_JAVA_OPTS.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
# shellcheck source=lib.sh
. "$here/lib.sh"
no_arguments 13 "$@"

[ -f "$root/cli/target/vspec.jar" ] || "$root/vspec" --version >/dev/null
results="$here/results/$(date -u +%Y%m%dT%H%M%SZ)-recall-import"
mkdir -p "$results"
harness bench recall-import \
  --sample "${BENCH_SAMPLE:-$root/command-side/src/test/resources/recalls/nhtsa-recalls-sample.txt}" \
  --rows "${BENCH_ROWS:-100000,400000}" --target "${BENCH_TARGET:-1.2}" \
  2>"$results/stderr.txt" | tee "$results/report.txt"
