#!/usr/bin/env bash
# Operator CLI benchmark: how long ./vspec takes to answer the commands an operator runs by hand
# (target: about a second each, ./vspec --help under 1 s). Each command runs once to warm up (the first
# short command after a build unpacks the jar and records its class data sharing archive), then
# BENCH_RUNS times; the median and the slowest are printed, with the median's ratio to the target.
# The key commands need the stack's database (./vspec up once, or VSPEC_DB_URL); nothing is written.
#
#   bench/cli.sh
#
# Settings (environment): BENCH_RUNS (7), BENCH_TARGET_MS (1000).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
runs="${BENCH_RUNS:-7}"
target="${BENCH_TARGET_MS:-1000}"

. "$here/lib.sh"
no_arguments 10 "$@"

commands=("--help" "keys list --json" "access-requests list --json" "vpic status")

millis() {
  local started ended
  started=$(date +%s%N)
  # shellcheck disable=SC2086 # the command's words
  (cd "$root" && ./vspec $1 >/dev/null 2>&1) || { echo "bench: ./vspec $1 failed; is the stack's database there (./vspec up)?" >&2; exit 1; }
  ended=$(date +%s%N)
  echo $(( (ended - started) / 1000000 ))
}

printf '%-30s %10s %10s %12s\n' "./vspec ..." "median ms" "max ms" "median/target"
for command in "${commands[@]}"; do
  millis "$command" >/dev/null
  times=()
  for _ in $(seq 1 "$runs"); do
    times+=("$(millis "$command")")
  done
  sorted=$(printf '%s\n' "${times[@]}" | sort -n)
  median=$(echo "$sorted" | sed -n "$(( (runs + 1) / 2 ))p")
  slowest=$(echo "$sorted" | tail -n 1)
  printf '%-30s %10d %10d %12s\n' "$command" "$median" "$slowest" "$(awk -v m="$median" -v t="$target" 'BEGIN { printf "%.2f", m / t }')"
done
