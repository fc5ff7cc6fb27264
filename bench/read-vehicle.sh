#!/usr/bin/env bash
# Read benchmark: GET /api/v1/vehicle?<identifier>&include=fluids,specs,tires,maintenance_schedule,parts
# rotating over a large catalog, against GET /api/v1/status (trivial static JSON) on the same query side,
# in one run, with wrk. Prints requests/s, p50 and p99 of each and the ratio vehicle/status (target >= 0.5),
# for a client that sends no Accept-Encoding and for one that accepts gzip (vehicle-gzip), as real clients do.
#
#   ./vspec up                          # in another terminal
#   bench/read-vehicle.sh --load        # first time: load the catalog, wait for the projections, measure
#   bench/read-vehicle.sh               # measure only
#
# The catalog (BENCH_CATALOG): synthetic (default; tools/harness.sh synthetic load, every group filled) or
# vpic (vspec catalog import-vpic: the configurations NHTSA's vPIC identifies, with vPIC's specs and no other
# group). Over vpic, BENCH_BY=vin reads by a VIN decoding as each configuration instead of its config_key:
# VINs no import links, so each read decodes the VIN and matches the held configurations. Over synthetic,
# BENCH_BY=vin reads by the catalog's first BENCH_VINS (10000) VINs, which --load links (tools/harness.sh
# synthetic load --vins).
# Settings (environment): VSPEC_QUERY_SIDE_URL (http://127.0.0.1:8082), BENCH_DURATION (20s),
# BENCH_WARMUP (30s), BENCH_THREADS (2), BENCH_CONNECTIONS (32), BENCH_CATALOG (synthetic), BENCH_BY
# (config_key), BENCH_CONFIGURATIONS (100000) and BENCH_SEED (42) for synthetic, BENCH_VPIC_YEARS (the
# last ten) and BENCH_VPIC_MAKES (all) for vpic, BENCH_API_KEY (the key to send; by default the script
# issues an enterprise key with the operator CLI and revokes it afterwards), BENCH_TARGET (0.5).
# --load also passes VSPEC_DB_URL/USER/PASSWORD and VSPEC_KAFKA_BOOTSTRAP on to the loading command.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
base_url="${VSPEC_QUERY_SIDE_URL:-http://127.0.0.1:8082}"
duration="${BENCH_DURATION:-20s}"
warmup="${BENCH_WARMUP:-30s}"
threads="${BENCH_THREADS:-2}"
connections="${BENCH_CONNECTIONS:-32}"
configurations="${BENCH_CONFIGURATIONS:-100000}"
seed="${BENCH_SEED:-42}"
target="${BENCH_TARGET:-0.5}"
catalog="${BENCH_CATALOG:-synthetic}"
by="${BENCH_BY:-config_key}"
load=false

usage() {
  sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'
}

for arg in "$@"; do
  case "$arg" in
    --load) load=true ;;
    -h|--help) usage; exit 0 ;;
    *) echo "read-vehicle.sh: unknown argument $arg" >&2; usage >&2; exit 2 ;;
  esac
done

case "$catalog/$by" in
  synthetic/config_key|synthetic/vin|vpic/config_key|vpic/vin) ;;
  *) echo "read-vehicle.sh: BENCH_CATALOG is synthetic or vpic, BENCH_BY config_key or vin;" \
       "got $catalog/$by" >&2; exit 2 ;;
esac

. "$here/lib.sh"

need_wrk

if [ "$(http_status "$base_url/actuator/health")" != 200 ]; then
  echo "No query side answers at $base_url. Start the stack (./vspec up) in another terminal," >&2
  echo "or point VSPEC_QUERY_SIDE_URL at it." >&2
  exit 1
fi

results="$here/results/$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$results"
keys="$results/identifiers.txt"
vpic_args=()
[ -n "${BENCH_VPIC_YEARS:-}" ] && vpic_args+=(--years "$BENCH_VPIC_YEARS")
[ -n "${BENCH_VPIC_MAKES:-}" ] && vpic_args+=(--makes "$BENCH_VPIC_MAKES")
if [ "$catalog" = synthetic ]; then
  vins=0
  [ "$by" = vin ] && vins="${BENCH_VINS:-10000}"
  if $load; then
    echo "Loading the synthetic catalog ($configurations configurations, $vins VINs, seed $seed) and waiting for the projections ..."
    harness synthetic load --configurations "$configurations" --vins "$vins" --seed "$seed" --wait
  fi
  if [ "$by" = vin ]; then
    harness synthetic keys --configurations "$configurations" --seed "$seed" --vins "$vins" | sed 's/^/vin=/' > "$keys"
  else
    harness synthetic keys --configurations "$configurations" --seed "$seed" | sed 's/^/config_key=/' > "$keys"
  fi
else
  if $load; then
    echo "Seeding the catalog from vPIC (vspec catalog import-vpic ${vpic_args[*]}) ..."
    vspec catalog import-vpic "${vpic_args[@]}" --list "$results/vpic-configurations.tsv"
  else
    vspec catalog import-vpic "${vpic_args[@]}" --list "$results/vpic-configurations.tsv" --list-only > /dev/null
  fi
  if [ "$by" = vin ]; then
    cut -f2 "$results/vpic-configurations.tsv" | sed 's/^/vin=/' > "$keys"
  else
    cut -f1 "$results/vpic-configurations.tsv" | sed 's/^/config_key=/' > "$keys"
  fi
fi

if [ -z "${BENCH_API_KEY:-}" ]; then
  issue_bench_key "benchmark (bench/read-vehicle.sh)"
  trap revoke_bench_key EXIT
  BENCH_API_KEY="$bench_key"
fi
export BENCH_API_KEY

first_key="$(head -n 1 "$keys")"
last_key="$(tail -n 1 "$keys")"
include="fluids,specs,tires,maintenance_schedule,parts"
# The projections catch up with a load at their own pace: the last identifier answers once they have.
for key in "$first_key" "$last_key"; do
  waited=0
  while status="$(http_status "$base_url/api/v1/vehicle?$key&include=$include" "$BENCH_API_KEY")" \
      && [ "$status" = 404 ] && $load && [ "$waited" -lt 1800 ]; do
    [ "$waited" = 0 ] && echo "  waiting for the projections to hold $key ..."
    sleep 5
    waited=$((waited + 5))
  done
  if [ "$status" != 200 ]; then
    echo "GET /api/v1/vehicle?$key answers $status, not 200." >&2
    if [ "$status" = 404 ]; then
      echo "Either the route is missing or the $catalog catalog is not (fully) loaded: run with --load." >&2
    fi
    exit 1
  fi
done
status="$(http_status "$base_url/api/v1/status")"
if [ "$status" != 200 ]; then
  echo "GET /api/v1/status answers $status, not 200: this query side has no static status route to compare with." >&2
  exit 1
fi

echo "Benchmarking $base_url: $threads threads, $connections connections, $warmup warm-up + $duration each"
echo "  (a) /api/v1/vehicle?$by=<$(wc -l < "$keys" | tr -d ' ') of the $catalog catalog, rotating>&include=$include"
echo "  (b) /api/v1/status"
# First one pass over every key, as steady traffic would have made (the query side's configuration
# cache fills on first reads); then both warm-ups before either measurement, so that neither run
# pays for the JIT compiling code the other needs.
pass_started=$SECONDS
mkdir -p "$results/pass"
wrk -t"$threads" -c"$connections" -d1h -s "$here/vehicle.lua" "$base_url" -- "$keys" once "$threads" "$results/pass" \
  > /dev/null &
pass_pid=$!
while [ "$(find "$results/pass" -name 'done-*' | wc -l)" -lt "$threads" ] && kill -0 "$pass_pid" 2>/dev/null; do
  sleep 1
done
kill "$pass_pid" 2>/dev/null || true
wait "$pass_pid" 2>/dev/null || true
echo "  one pass over the keys took $((SECONDS - pass_started)) s"
wrk_run "$results" vehicle-warmup "$warmup" "$base_url" "$here/vehicle.lua" "$keys"
wrk_run "$results" status-warmup "$warmup" "$base_url" "$here/status.lua"
export BENCH_ACCEPT_ENCODING=gzip
wrk_run "$results" vehicle-gzip-warmup "$warmup" "$base_url" "$here/vehicle.lua" "$keys"
unset BENCH_ACCEPT_ENCODING
wrk_run "$results" vehicle "$duration" "$base_url" "$here/vehicle.lua" "$keys"
wrk_run "$results" status "$duration" "$base_url" "$here/status.lua"
export BENCH_ACCEPT_ENCODING=gzip
wrk_run "$results" vehicle-gzip "$duration" "$base_url" "$here/vehicle.lua" "$keys"
unset BENCH_ACCEPT_ENCODING

report "$results" "$target" vehicle status
report "$results" "$target" vehicle-gzip status
