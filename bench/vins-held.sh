#!/usr/bin/env bash
# Scale benchmark: bench/read-vehicle.sh's read by VIN (GET /api/v1/vehicle?vin=...&include=five groups),
# rotating over every VIN the catalog holds, with 10,000 VINs held and then with 1,000,000. Each state is
# measured against /api/v1/status in its own run; the figure is the ratio of the two ratios, so that the
# machine's speed cancels out (target >= 0.9). Loads the synthetic catalog's VINs (tools/harness.sh synthetic
# load --vins), 10,000 first, then the rest; a second run loads nothing.
#
#   ./vspec up                 # in another terminal
#   bench/vins-held.sh
#
# Settings (environment): BENCH_FEW_VINS (10000), BENCH_MANY_VINS (1000000), BENCH_TARGET (0.9), and
# those of bench/read-vehicle.sh (BENCH_DURATION, BENCH_WARMUP, BENCH_CONFIGURATIONS, BENCH_SEED, ...).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
few="${BENCH_FEW_VINS:-10000}"
many="${BENCH_MANY_VINS:-1000000}"
target="${BENCH_TARGET:-0.9}"

. "$here/lib.sh"
no_arguments 12 "$@"

ratio_of() {
  awk '/^ratio vehicle\/status requests\/s:/ { print $4 }' "$1"
}

runs="$here/results/vins-held-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$runs"
for vins in "$few" "$many"; do
  echo "== $vins VINs held"
  BENCH_CATALOG=synthetic BENCH_BY=vin BENCH_VINS="$vins" BENCH_TARGET=0 "$here/read-vehicle.sh" --load \
    | tee "$runs/$vins.txt"
done
few_ratio="$(ratio_of "$runs/$few.txt")"
many_ratio="$(ratio_of "$runs/$many.txt")"
scaled="$(awk -v a="$many_ratio" -v b="$few_ratio" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }')"
verdict="$(awk -v r="$scaled" -v t="$target" 'BEGIN { print (r >= t ? "meets" : "BELOW") }')"
echo
echo "read by VIN against status: $few_ratio with $few VINs held, $many_ratio with $many"
echo "ratio $many/$few VINs held: $scaled ($verdict the target of $target)"
echo "runs: $runs"
