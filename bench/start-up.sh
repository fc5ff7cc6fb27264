#!/usr/bin/env bash
# Start-up and memory benchmark, in one run: ./vspec up's time to ready against the start of the smallest
# Spring Boot web application (bench/minimal-boot: one @RestController, the Boot vspec uses) on the same
# java with the same JVM options (target: the ratio at most 5); the stack's resident memory once idle
# (target <= 600 MB); and after 200 connections read vehicles through the gateway for 30 s (<= 1 GB).
#
#   bench/read-vehicle.sh --load   # once, beside ./vspec up: the synthetic catalog the load reads
#   bench/start-up.sh              # run it with no stack running: it starts and stops its own
#   bench/start-up.sh --no-load    # start-up and idle memory alone, no catalog needed
#   BENCH_JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 bench/start-up.sh --no-load   # the same on Java 25
#
# Ready is timed from the launch to the first HTTP 200: for ./vspec up, its banner (every deployable
# serves, the read tables hold what the event store holds) and then GET /api/v1/status through the
# gateway; for the minimal application, GET /. The minimal application runs before and after the stack
# and its mean counts. A start that installed vPIC, imported the sample catalog or recorded ./vspec's
# class data archive is not timed: the stack is stopped and started again (state warm).
# Idle memory is taken after BENCH_IDLE seconds without requests. The load is GET /api/v1/vehicle with
# five groups rotating over the synthetic catalog, with an enterprise key the script issues and revokes.
# Settings (environment): BENCH_JAVA_HOME (the java of PATH), BENCH_IDLE (60), BENCH_LOAD_DURATION (30s),
# BENCH_CONNECTIONS (200), BENCH_THREADS (2), BENCH_CONFIGURATIONS (100000), BENCH_SEED (42), BENCH_MINIMAL_PORT (18089),
# VSPEC_JAVA_OPTS (./vspec's; when set, ./vspec runs the jar as built, and the minimal application gets them too).
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
minimal_port="${BENCH_MINIMAL_PORT:-18089}"

. "$here/lib.sh"
load=1
case "${1:-}" in
  --no-load) load=0; shift ;;
esac
no_arguments 21 "$@"
[ "$load" = 0 ] || need_wrk

if [ -n "${BENCH_JAVA_HOME:-}" ]; then
  [ -x "$BENCH_JAVA_HOME/bin/java" ] || { echo "No java in BENCH_JAVA_HOME=$BENCH_JAVA_HOME" >&2; exit 2; }
  export JAVA_HOME="$BENCH_JAVA_HOME" PATH="$BENCH_JAVA_HOME/bin:$PATH"
fi
java_version="$(java -version 2>&1 | head -n 1)"

if [ "$(http_status "$gateway/api/v1/status")" != 000 ]; then
  echo "Something already answers at $gateway: stop ./vspec up first, this benchmark starts its own." >&2
  exit 1
fi
[ -f "$root/cli/target/vspec.jar" ] || "$root/vspec" --version >/dev/null

# The yardstick: on the Boot the root pom names, built when missing or older than its sources
minimal="$here/minimal-boot"
boot_version() { sed -n '/<parent>/,/<\/parent>/s:.*<version>\(.*\)</version>.*:\1:p' "$1" | head -n 1; }
if [ "$(boot_version "$minimal/pom.xml")" != "$(boot_version "$root/pom.xml")" ]; then
  echo "bench/minimal-boot/pom.xml is on Spring Boot $(boot_version "$minimal/pom.xml"), the root pom on" \
    "$(boot_version "$root/pom.xml"): make its parent's version the root pom's." >&2
  exit 1
fi
minimal_jar="$minimal/target/minimal-boot.jar"
if [ ! -f "$minimal_jar" ] || [ -n "$(find "$minimal/pom.xml" "$minimal/src" -newer "$minimal_jar" -type f -print -quit)" ]; then
  echo "Building bench/minimal-boot ..." >&2
  "$root/mvnw" -q -B -f "$minimal/pom.xml" -DskipTests package >&2
fi

# ./vspec's JVM options (its java_opts line) unless VSPEC_JAVA_OPTS replaces them
java_opts="${VSPEC_JAVA_OPTS:-$(sed -n 's/^java_opts="\(.*\)"$/\1/p' "$root/vspec")}"
[ -n "$java_opts" ] || { echo "Found no java_opts line in ./vspec" >&2; exit 1; }

results="$here/results/$(date -u +%Y%m%dT%H%M%SZ)-start-up"
mkdir -p "$results"
now_ms() { local t="$EPOCHREALTIME"; echo $(( ${t%.*} * 1000 + 10#${t#*.} / 1000 )); }
rss_mb() { echo $(( $(ps -o rss= -p "$1") / 1024 )); }
seconds() { awk -v ms="$1" 'BEGIN { printf "%.1f", ms / 1000 }'; }
# until_ok <pid> <url>: polls the url every 50 ms until it answers 200, as long as the process lives
until_ok() {
  until [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$2" || true)" = 200 ]; do
    kill -0 "$1" 2>/dev/null || return 1
    sleep 0.05
  done
}

# minimal_run <n>: one start of the minimal application to its first 200, then its stop
minimal_ms=()
minimal_rss=""
minimal_run() {
  local started pid
  started="$(now_ms)"
  # shellcheck disable=SC2086 # the options are words
  java $java_opts -jar "$minimal_jar" --server.port="$minimal_port" > "$results/minimal-$1.txt" 2>&1 &
  pid=$!
  if ! until_ok "$pid" "http://127.0.0.1:$minimal_port/"; then
    echo "The minimal application stopped before it answered:" >&2
    tail -n 20 "$results/minimal-$1.txt" >&2
    exit 1
  fi
  minimal_ms+=($(( $(now_ms) - started )))
  minimal_rss="$(rss_mb "$pid")"
  echo "minimal Spring Boot application, start $1: first 200 after $(seconds "${minimal_ms[-1]}") s ($(uptime | sed 's/.*load/load/'))"
  kill -TERM "$pid" && wait "$pid" 2>/dev/null || true
}

stack_pid=""
stop_stack() {
  [ -n "$stack_pid" ] || return 0
  kill -TERM "$stack_pid" 2>/dev/null && wait "$stack_pid" 2>/dev/null || true
  stack_pid=""
}
cleanup() {
  revoke_bench_key
  stop_stack
}
trap cleanup EXIT

# up_run <name>: starts ./vspec up and waits for its banner and the gateway's first 200
up_ms=""
up_run() {
  local started
  : > "$results/$1.txt"
  started="$(now_ms)"
  VSPEC_SKIP_BUILD=1 "$root/vspec" up > "$results/$1.txt" 2>&1 &
  stack_pid=$!
  until grep -q "Press Ctrl-C to stop" "$results/$1.txt"; do
    if ! kill -0 "$stack_pid" 2>/dev/null; then
      echo "./vspec up stopped before it was ready:" >&2
      tail -n 20 "$results/$1.txt" >&2
      exit 1
    fi
    sleep 0.05
  done
  until_ok "$stack_pid" "$gateway/api/v1/status" || { echo "./vspec up stopped before it answered" >&2; exit 1; }
  up_ms=$(( $(now_ms) - started ))
}

minimal_run 1
up_run up
if grep -qE "sample catalog imported|Installed vPIC|class data" "$results/up.txt"; then
  echo "./vspec up's first start did once-only work (see $results/up.txt); stopping it and starting again"
  stop_stack
  up_run up-again
fi
echo "./vspec up: ready after $(seconds "$up_ms") s ($(uptime | sed 's/.*load/load/'))"

echo "idle for $idle s ..."
sleep "$idle"
idle_mb="$(rss_mb "$stack_pid")"

if [ "$load" = 1 ]; then
  keys="$results/identifiers.txt"
  harness synthetic keys --configurations "$configurations" --seed "$seed" | sed 's/^/config_key=/' > "$keys"
  issue_bench_key "benchmark (bench/start-up.sh)"
  export BENCH_API_KEY="$bench_key"
  include="fluids,specs,tires,maintenance_schedule,parts"
  for key in "$(head -n 1 "$keys")" "$(tail -n 1 "$keys")"; do
    status="$(http_status "$gateway/api/v1/vehicle?$key&include=$include" "$BENCH_API_KEY")"
    if [ "$status" != 200 ]; then
      echo "GET /api/v1/vehicle?$key answers $status, not 200: load the synthetic catalog first" \
        "(./vspec up, then bench/read-vehicle.sh --load), or run with --no-load." >&2
      exit 1
    fi
  done
  echo "reading vehicles through the gateway: $connections connections for $load_duration ..."
  wrk_run "$results" load "$load_duration" "$gateway" "$here/vehicle.lua" "$keys"
  loaded_mb="$(rss_mb "$stack_pid")"
  revoke_bench_key
fi
stop_stack
minimal_run 2

minimal_mean=$(( (minimal_ms[0] + minimal_ms[1]) / 2 ))
ratio="$(awk -v a="$up_ms" -v b="$minimal_mean" 'BEGIN { printf "%.2f", a / b }')"
verdict() { awk -v x="$1" -v t="$2" 'BEGIN { print (x <= t ? "meets" : "ABOVE") }'; }
echo
echo "$java_version; JVM options: $java_opts; $(uptime | sed 's/.*load/load/')"
printf '%-48s %10s\n' "ready: ./vspec up to banner and first 200" "$(seconds "$up_ms") s"
printf '%-48s %10s   (%s s, %s s)\n' "ready: minimal Spring Boot to first 200, mean" "$(seconds "$minimal_mean") s" \
  "$(seconds "${minimal_ms[0]}")" "$(seconds "${minimal_ms[1]}")"
printf '%-48s %10s   %s the target of 5\n' "ratio ./vspec up / minimal" "$ratio" "$(verdict "$ratio" 5)"
printf '%-48s %10s   %s the target of 600 MB\n' "resident memory, idle for $idle s" "$idle_mb MB" "$(verdict "$idle_mb" 600)"
printf '%-48s %10s\n' "  (the minimal application's, at its first 200)" "$minimal_rss MB"
if [ "$load" = 1 ]; then
  printf '%-48s %10s   %s the target of 1 GB\n' "resident memory, after $connections connections" "$loaded_mb MB" \
    "$(verdict "$loaded_mb" 1024)"
  printf '%-48s %10s   %s errors, p99 %s ms\n' "  the load" "$(field "$results/load.txt" rps) req/s" \
    "$(field "$results/load.txt" errors)" "$(field "$results/load.txt" p99)"
else
  echo "(no load: --no-load)"
fi
echo "raw output: $results"
