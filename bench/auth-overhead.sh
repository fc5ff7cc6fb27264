#!/usr/bin/env bash
# Access benchmark: the same GET /api/v1/fluids?config_key=... on two query-side instances that this
# script starts side by side on the local stack's database: (a) with keys, scopes, rate limits and
# monthly quotas, called with a key; (b) with access switched off (vspec.access.enabled=false).
# Prints requests/s, p50 and p99 of each and the ratio (a)/(b) (target >= 0.9).
#
#   ./vspec up                     # in another terminal, at least once (the sample catalog, the key tables)
#   bench/auth-overhead.sh
#
# Settings (environment): BENCH_DURATION (20s), BENCH_WARMUP (30s), BENCH_THREADS (2),
# BENCH_CONNECTIONS (32), BENCH_CONFIG_KEY (2019-honda-civic-lx-k20c2-fwd, from the sample catalog),
# BENCH_TARGET (0.9), BENCH_ROUNDS (3), BENCH_PORTS (18082 18092), BENCH_JAVA_OPTS (-Xmx512m), and
# VSPEC_DB_URL/USER/PASSWORD for both instances and for the key the script issues (and revokes).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
. "$here/lib.sh"

duration="${BENCH_DURATION:-20s}"
warmup="${BENCH_WARMUP:-30s}"
threads="${BENCH_THREADS:-2}"
connections="${BENCH_CONNECTIONS:-32}"
config_key="${BENCH_CONFIG_KEY:-2019-honda-civic-lx-k20c2-fwd}"
target="${BENCH_TARGET:-0.9}"
rounds="${BENCH_ROUNDS:-3}"
read -r port_on port_off <<< "${BENCH_PORTS:-18082 18092}"
jar="$root/query-side/target/query-side-0.1.0-SNAPSHOT-exec.jar"

case "${1:-}" in
  -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  "") ;;
  *) echo "auth-overhead.sh: unknown argument $1" >&2; exit 2 ;;
esac

need_wrk
if [ ! -f "$jar" ]; then
  echo "Building the query side ..." >&2
  (cd "$root" && ./mvnw -q -B -DskipTests package -pl query-side -am) >&2
fi

results="$here/results/$(date -u +%Y%m%dT%H%M%SZ)-auth"
mkdir -p "$results"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  revoke_bench_key
}
trap cleanup EXIT

start_instance() {
  local port="$1" name="$2"
  shift 2
  java ${BENCH_JAVA_OPTS:--Xmx512m} -Daxoniq.update-checker.disabled=true -jar "$jar" \
    --server.port="$port" --logging.level.root=WARN "$@" > "$results/$name.log" 2>&1 &
  pids+=("$!")
}
start_instance "$port_on" with-access
start_instance "$port_off" without-access --vspec.access.enabled=false

# Three minutes: two JVMs starting side by side take long on a machine busy with an import.
for port in "$port_on" "$port_off"; do
  for _ in $(seq 1 360); do
    [ "$(http_status "http://127.0.0.1:$port/actuator/health")" = 200 ] && break
    sleep 0.5
  done
  if [ "$(http_status "http://127.0.0.1:$port/actuator/health")" != 200 ]; then
    echo "The query side on port $port did not start; its log is in $results" >&2
    exit 1
  fi
done

issue_bench_key "benchmark (bench/auth-overhead.sh)"
path="/api/v1/fluids?config_key=$config_key"
if [ "$(http_status "http://127.0.0.1:$port_on$path" "$bench_key")" != 200 ] \
  || [ "$(http_status "http://127.0.0.1:$port_off$path")" != 200 ]; then
  echo "GET $path does not answer 200 on both instances: is the sample catalog loaded (./vspec up)?" >&2
  exit 1
fi
if [ "$(http_status "http://127.0.0.1:$port_on$path")" != 401 ]; then
  echo "The instance with access answers without a key: the comparison would be meaningless." >&2
  exit 1
fi

echo "Benchmarking GET $path: $threads threads, $connections connections, $warmup warm-up + $duration each"
echo "  (a) authenticated   port $port_on: key, scope, per-minute limit and monthly quota checked on every request"
echo "  (b) open            port $port_off: vspec.access.enabled=false"
# Both warm-ups come before any measurement; then the two alternate for $rounds rounds, and each
# side's median round is the one reported, so that a burst of other work on the machine during one
# run does not decide the ratio.
BENCH_API_KEY="$bench_key" wrk_run "$results" authenticated-warmup "$warmup" "http://127.0.0.1:$port_on" "$here/fluids.lua" "$config_key"
BENCH_API_KEY="" wrk_run "$results" open-warmup "$warmup" "http://127.0.0.1:$port_off" "$here/fluids.lua" "$config_key"
for round in $(seq 1 "$rounds"); do
  BENCH_API_KEY="$bench_key" wrk_run "$results" "authenticated-round$round" "$duration" "http://127.0.0.1:$port_on" "$here/fluids.lua" "$config_key"
  BENCH_API_KEY="" wrk_run "$results" "open-round$round" "$duration" "http://127.0.0.1:$port_off" "$here/fluids.lua" "$config_key"
done
for name in authenticated open; do
  echo "  $name, requests/s by round: $(for round in $(seq 1 "$rounds"); do printf '%s ' "$(field "$results/$name-round$round.txt" rps)"; done)"
  median_round="$(for round in $(seq 1 "$rounds"); do echo "$(field "$results/$name-round$round.txt" rps) $round"; done \
    | sort -n | awk '{ rounds[NR] = $2 } END { print rounds[int((NR + 1) / 2)] }')"
  cp "$results/$name-round$median_round.txt" "$results/$name.txt"
done
report "$results" "$target" authenticated open
