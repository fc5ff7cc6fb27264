#!/usr/bin/env bash
# Read benchmark: GET /api/v1/vehicle?config_key=<rotating>&include=fluids,specs,tires,maintenance_schedule,parts
# against GET /api/v1/status (trivial static JSON) on the same query side, in one run, with wrk.
# Prints requests/s, p50 and p99 of each and the ratio vehicle/status (target >= 0.35).
#
#   ./vspec up                          # in another terminal
#   bench/read-vehicle.sh --load        # first time: load the 100k synthetic catalog, wait, measure
#   bench/read-vehicle.sh               # measure only
#
# Settings (environment): VSPEC_QUERY_SIDE_URL (http://127.0.0.1:8082), BENCH_DURATION (20s),
# BENCH_WARMUP (10s), BENCH_THREADS (2), BENCH_CONNECTIONS (32), BENCH_CONFIGURATIONS (100000),
# BENCH_SEED (42), BENCH_API_KEY (sent as x-api-key when set), BENCH_TARGET (0.35).
# --load also passes VSPEC_DB_URL/USER/PASSWORD and VSPEC_KAFKA_BOOTSTRAP on to vspec synthetic load.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
base_url="${VSPEC_QUERY_SIDE_URL:-http://127.0.0.1:8082}"
duration="${BENCH_DURATION:-20s}"
warmup="${BENCH_WARMUP:-10s}"
threads="${BENCH_THREADS:-2}"
connections="${BENCH_CONNECTIONS:-32}"
configurations="${BENCH_CONFIGURATIONS:-100000}"
seed="${BENCH_SEED:-42}"
target="${BENCH_TARGET:-0.35}"
load=false

usage() {
  sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
}

for arg in "$@"; do
  case "$arg" in
    --load) load=true ;;
    -h|--help) usage; exit 0 ;;
    *) echo "read-vehicle.sh: unknown argument $arg" >&2; usage >&2; exit 2 ;;
  esac
done

need_wrk() {
  command -v wrk >/dev/null && return
  echo "wrk is not installed; installing it from the distribution's packages (apt-get install wrk) ..." >&2
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq && apt-get install -y -qq wrk >/dev/null
  elif command -v sudo >/dev/null && command -v apt-get >/dev/null; then
    sudo apt-get update -qq && sudo apt-get install -y -qq wrk >/dev/null
  fi
  command -v wrk >/dev/null || {
    echo "Could not install wrk. Install it (Debian/Ubuntu: apt-get install wrk; macOS: brew install wrk) and run again." >&2
    exit 1
  }
}

# The CLI. The built jar as it is, when there is one: ./vspec would rebuild it first when a source
# changed, overwriting the jar the running stack executes from.
vspec() {
  if [ -f "$root/cli/target/vspec.jar" ]; then
    java ${VSPEC_JAVA_OPTS:--Xmx2g} -jar "$root/cli/target/vspec.jar" "$@"
  else
    "$root/vspec" "$@"
  fi
}

# status code of one GET
http_status() {
  local args=(-s -o /dev/null -w '%{http_code}' --max-time 10)
  [ -n "${BENCH_API_KEY:-}" ] && args+=(-H "x-api-key: $BENCH_API_KEY")
  curl "${args[@]}" "$1" || true
}

need_wrk
command -v curl >/dev/null || { echo "read-vehicle.sh needs curl" >&2; exit 1; }

if [ "$(http_status "$base_url/actuator/health")" != 200 ]; then
  echo "No query side answers at $base_url. Start the stack (./vspec up) in another terminal," >&2
  echo "or point VSPEC_QUERY_SIDE_URL at it." >&2
  exit 1
fi

if $load; then
  echo "Loading the synthetic catalog ($configurations configurations, seed $seed) and waiting for the projections ..."
  vspec synthetic load --configurations "$configurations" --seed "$seed" --wait
fi

results="$here/results/$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$results"
keys="$results/config-keys.txt"
vspec synthetic keys --configurations "$configurations" --seed "$seed" > "$keys"

first_key="$(head -n 1 "$keys")"
last_key="$(tail -n 1 "$keys")"
include="fluids,specs,tires,maintenance_schedule,parts"
for key in "$first_key" "$last_key"; do
  status="$(http_status "$base_url/api/v1/vehicle?config_key=$key&include=$include")"
  if [ "$status" != 200 ]; then
    echo "GET /api/v1/vehicle?config_key=$key answers $status, not 200." >&2
    if [ "$status" = 404 ]; then
      echo "Either the route is missing or the synthetic catalog is not (fully) loaded: run with --load." >&2
    fi
    exit 1
  fi
done
status="$(http_status "$base_url/api/v1/status")"
if [ "$status" != 200 ]; then
  echo "GET /api/v1/status answers $status, not 200: this query side has no static status route to compare with." >&2
  exit 1
fi

# run <name> <lua script> [script args]: a warm-up, then the measured run (saved in $results/<name>.txt)
run() {
  local name="$1" script="$2"
  shift 2
  wrk -t"$threads" -c"$connections" -d"$warmup" -s "$script" "$base_url" -- "$@" > "$results/$name-warmup.txt"
  wrk -t"$threads" -c"$connections" -d"$duration" --latency -s "$script" "$base_url" -- "$@" > "$results/$name.txt"
}

# field <file> rps|p50|p99|errors: one figure from wrk's report; latencies in ms
field() {
  awk -v want="$2" '
    function ms(v) {
      if (v ~ /us$/) return substr(v, 1, length(v) - 2) / 1000
      if (v ~ /ms$/) return substr(v, 1, length(v) - 2) + 0
      if (v ~ /m$/) return substr(v, 1, length(v) - 1) * 60000
      if (v ~ /s$/) return substr(v, 1, length(v) - 1) * 1000
      return v
    }
    want == "rps" && /^Requests\/sec:/ { print $2 }
    want == "p50" && $1 == "50%" { print ms($2) }
    want == "p99" && $1 == "99%" { print ms($2) }
    want == "errors" && /Non-2xx or 3xx responses:/ { errors += $NF }
    want == "errors" && /Socket errors:/ { gsub(/,/, ""); errors += $4 + $6 + $8 + $10 }
    END { if (want == "errors") print errors + 0 }
  ' "$1"
}

echo "Benchmarking $base_url: $threads threads, $connections connections, $warmup warm-up + $duration each"
echo "  (a) /api/v1/vehicle?config_key=<$(wc -l < "$keys" | tr -d ' ') synthetic keys, rotating>&include=$include"
echo "  (b) /api/v1/status"
run vehicle "$here/vehicle.lua" "$keys"
run status "$here/status.lua"

printf '\n%-10s %12s %10s %10s %8s\n' "" "requests/s" "p50 ms" "p99 ms" "errors"
for name in vehicle status; do
  printf '%-10s %12.1f %10.2f %10.2f %8d\n' "$name" "$(field "$results/$name.txt" rps)" \
    "$(field "$results/$name.txt" p50)" "$(field "$results/$name.txt" p99)" "$(field "$results/$name.txt" errors)"
done
ratio="$(awk -v a="$(field "$results/vehicle.txt" rps)" -v b="$(field "$results/status.txt" rps)" \
  'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }')"
verdict="$(awk -v r="$ratio" -v t="$target" 'BEGIN { print (r >= t ? "meets" : "BELOW") }')"
echo
echo "ratio vehicle/status requests/s: $ratio ($verdict the target of $target)"
echo "raw wrk output: $results"

errors=$(( $(field "$results/vehicle.txt" errors) + $(field "$results/status.txt" errors) ))
if [ "$errors" -gt 0 ]; then
  echo "There were $errors failed requests (see the raw output): the figures do not count." >&2
  exit 1
fi
