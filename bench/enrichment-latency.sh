#!/usr/bin/env bash
# Enrichment benchmark: the time from POST /api/v0/enrich to the first successful read of the new
# VIN (GET /api/v1/fluids?vin= answering 200, through the gateway), median and p99 over many VINs
# served by the reference vendor, against a bare Kafka produce-to-consume round trip on the same
# broker, in one run. Prints both and their ratios.
#
#   bench/enrichment-latency.sh
#
# It needs no running stack: it starts its own (fresh database on the local PostgreSQL server,
# dropped afterwards; in-process broker; free ports), so it may run beside ./vspec up.
# Settings (environment): BENCH_VINS (200), BENCH_WARMUP_VINS (400), BENCH_ROUND_TRIPS (2000),
# VSPEC_JAVA_OPTS (./vspec's).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
# shellcheck source=lib.sh
. "$here/lib.sh"

case "${1:-}" in
  -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  "") ;;
  *) echo "Unknown argument: $1 (see --help)" >&2; exit 2 ;;
esac

[ -f "$root/cli/target/vspec.jar" ] || "$root/vspec" --version >/dev/null
results="$here/results/$(date -u +%Y%m%dT%H%M%SZ)-enrichment"
mkdir -p "$results"
harness bench enrichment --vins "${BENCH_VINS:-200}" --warmup "${BENCH_WARMUP_VINS:-400}" \
  --round-trips "${BENCH_ROUND_TRIPS:-2000}" 2>"$results/stderr.txt" | tee "$results/report.txt"
