#!/usr/bin/env bash
# Start-up and memory benchmark: ./vspec up from a built tree to ready (target <= 10 s), the JVM's
# resident memory once the stack is idle (target <= 600 MB), and right after 200 connections read
# vehicles through the gateway for 30 s (target <= 1 GB). It starts and stops its own ./vspec up, with
# ./vspec's JVM options, on the database the stack uses; run it with no stack running.
#
#   bench/read-vehicle.sh --load   # once, beside ./vspec up: the synthetic catalog the load reads
#   bench/start-up.sh
#
# Ready is when ./vspec up prints its banner: every deployable serves and the read tables hold what
# the event store holds. Idle memory is taken after BENCH_IDLE seconds without requests. The load is
# GET /api/v1/vehicle?config_key=...&include=five groups rotating over the synthetic catalog, with an
# enterprise key the script issues and revokes.
# Settings (environment): BENCH_IDLE (60), BENCH_LOAD_DURATION (30s), BENCH_CONNECTIONS (200),
# BENCH_THREADS (2), BENCH_CONFIGURATIONS (100000), BENCH_SEED (42), VSPEC_JAVA_OPTS (./vspec's).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
idle="${BENCH_IDLE:-60}"
load_duration="${BENCH_LOAD_DURATION:-30s}"
connections="${BENCH_CONNECTIONS:-200}"
threads="${BENCH_THREADS:-2}"
configurations="${BENCH_CONFIGURATIONS:-100000}"
seed="${BENCH_SEED:-42}"
gateway="http://127.0.0.1:8080"

. "$here/lib.sh"
no_arguments 15 "$@"
need_wrk

if [ "$(http_status "$gateway/api/v1/status")" != 000 ]; then
  echo "Something already answers at $gateway: stop ./vspec up first, this benchmark starts its own." >&2
  exit 1
fi
[ -f "$root/cli/target/vspec.jar" ] || "$root/vspec" --version >/dev/null

results="$here/results/$(date -u +%Y%m%dT%H%M%SZ)-start-up"
mkdir -p "$results"
now_ms() { local t="$EPOCHREALTIME"; echo $(( ${t%.*} * 1000 + 10#${t#*.} / 1000 )); }
rss_mb() { echo $(( $(ps -o rss= -p "$stack_pid") / 1024 )); }

started="$(now_ms)"
VSPEC_SKIP_BUILD=1 "$root/vspec" up > "$results/up.txt" 2>&1 &
stack_pid=$!
stop_stack() {
  revoke_bench_key
  kill -TERM "$stack_pid" 2>/dev/null && wait "$stack_pid" 2>/dev/null || true
}
trap stop_stack EXIT
until grep -q "Press Ctrl-C to stop" "$results/up.txt"; do
  if ! kill -0 "$stack_pid" 2>/dev/null; then
    echo "./vspec up stopped before it was ready:" >&2
    tail -n 20 "$results/up.txt" >&2
    exit 1
  fi
  sleep 0.05
done
ready_ms=$(( $(now_ms) - started ))
echo "ready after $(awk -v ms="$ready_ms" 'BEGIN { printf "%.1f", ms / 1000 }') s"

echo "idle for $idle s ..."
sleep "$idle"
idle_mb="$(rss_mb)"

keys="$results/identifiers.txt"
vspec synthetic keys --configurations "$configurations" --seed "$seed" | sed 's/^/config_key=/' > "$keys"
issue_bench_key "benchmark (bench/start-up.sh)"
export BENCH_API_KEY="$bench_key"
include="fluids,specs,tires,maintenance_schedule,parts"
for key in "$(head -n 1 "$keys")" "$(tail -n 1 "$keys")"; do
  status="$(http_status "$gateway/api/v1/vehicle?$key&include=$include" "$BENCH_API_KEY")"
  if [ "$status" != 200 ]; then
    echo "GET /api/v1/vehicle?$key answers $status, not 200: load the synthetic catalog first" \
      "(./vspec up, then bench/read-vehicle.sh --load)." >&2
    exit 1
  fi
done
echo "reading vehicles through the gateway: $connections connections for $load_duration ..."
wrk_run "$results" load "$load_duration" "$gateway" "$here/vehicle.lua" "$keys"
loaded_mb="$(rss_mb)"

verdict() { awk -v x="$1" -v t="$2" 'BEGIN { print (x <= t ? "meets" : "ABOVE") }'; }
echo
printf '%-44s %10s   %s\n' "ready (./vspec up to its banner)" "$(awk -v ms="$ready_ms" 'BEGIN { printf "%.1f s", ms / 1000 }')" \
  "$(verdict "$ready_ms" 10000) the target of 10 s"
printf '%-44s %10s   %s\n' "resident memory, idle for $idle s" "$idle_mb MB" "$(verdict "$idle_mb" 600) the target of 600 MB"
printf '%-44s %10s   %s\n' "resident memory, after $connections connections" "$loaded_mb MB" \
  "$(verdict "$loaded_mb" 1024) the target of 1 GB"
printf '%-44s %10s   %s errors, p99 %s ms\n' "  the load" "$(field "$results/load.txt" rps) req/s" \
  "$(field "$results/load.txt" errors)" "$(field "$results/load.txt" p99)"
echo "raw output: $results"
