#!/usr/bin/env bash
# Rebuild benchmark: rebuilds every projection of a running stack from the event topic (offset 0,
# copies swapped in), then, in the same run, loads the rows that rebuild produced into empty copies
# of the same tables with PostgreSQL COPY (same keys and indexes). Prints events/s of both and the
# ratio (COPY time / rebuild time); the target is at least 0.35.
#
#   ./vspec up                              # terminal 1
#   bench/rebuild-projections.sh --load     # terminal 2, first time: load the 1M-VIN synthetic catalog, then measure
#   bench/rebuild-projections.sh            # later runs: measure only
#
# --load runs tools/harness.sh synthetic load --configurations 100000 --vins 1000000 --wait (about 2.7
# million events; expect 15 minutes or more on 2 cores). Settings (environment): VSPEC_DB_URL, VSPEC_DB_USER,
# VSPEC_DB_PASSWORD, VSPEC_KAFKA_BOOTSTRAP (the local stack's by default), BENCH_TARGET (0.35),
# BENCH_MIN_EVENTS (1000000), VSPEC_JAVA_OPTS (./vspec's).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
# shellcheck source=lib.sh
. "$here/lib.sh"

load=false
case "${1:-}" in
  -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  --load) load=true ;;
  "") ;;
  *) echo "Unknown argument: $1 (see --help)" >&2; exit 2 ;;
esac

[ -f "$root/cli/target/vspec.jar" ] || "$root/vspec" --version >/dev/null
results="$here/results/$(date -u +%Y%m%dT%H%M%SZ)-rebuild"
mkdir -p "$results"
if $load; then
  harness synthetic load --configurations 100000 --vins 1000000 --wait | tee "$results/load.txt"
fi
harness bench rebuild --target "${BENCH_TARGET:-0.35}" --min-events "${BENCH_MIN_EVENTS:-1000000}" \
  2>"$results/stderr.txt" | tee "$results/report.txt"
