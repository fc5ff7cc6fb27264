# Shared by the bench scripts: sourced, not run. Needs $root (the repository) set by the caller.

# no_arguments <last line of the script's header> "$@": the header is the script's --help; any other
# argument is refused
no_arguments() {
  local header_end="$1"
  shift
  case "${1:-}" in
    "") ;;
    -h|--help) sed -n "2,${header_end}p" "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "$(basename "$0"): unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
}

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
  command -v curl >/dev/null || { echo "The bench scripts need curl" >&2; exit 1; }
}

# The CLI with ./vspec's JVM options. The built jar as it is, when there is one: ./vspec would
# otherwise rebuild it first when a source changed, overwriting the jar the running stack executes from.
vspec() {
  if [ -f "$root/cli/target/vspec.jar" ]; then
    VSPEC_SKIP_BUILD=1 "$root/vspec" "$@"
  else
    "$root/vspec" "$@"
  fi
}

# The test harness (tools/harness.sh: synthetic, bench, faults), likewise the jar as built when there is one: its
# build would also rebuild the CLI's jar.
harness() {
  if [ -f "$root/harness/target/vspec-harness-exec.jar" ]; then
    VSPEC_SKIP_BUILD=1 "$root/tools/harness.sh" "$@"
  else
    "$root/tools/harness.sh" "$@"
  fi
}

# http_status <url> [key]: the status code of one GET, sending the key as x-api-key when given
http_status() {
  local args=(-s -o /dev/null -w '%{http_code}' --max-time 10)
  [ -n "${2:-}" ] && args+=(-H "x-api-key: $2")
  curl "${args[@]}" "$1" || true
}

# issue_bench_key <owner>: issues an enterprise key whose limits no benchmark reaches into
# $bench_key; revoke_bench_key revokes it. Keys are issued with the operator CLI against
# VSPEC_DB_URL (the local stack's database by default).
bench_key=""
bench_key_id=""
issue_bench_key() {
  local output
  output="$(vspec keys issue --plan enterprise --owner "$1" --requests-per-minute 2000000000 \
    --reads-per-month 1000000000000)" || { echo "Could not issue a key for the benchmark: $output" >&2; exit 1; }
  bench_key_id="$(printf '%s\n' "$output" | awk '$1 == "id" { print $2; exit }')"
  bench_key="$(printf '%s\n' "$output" | grep -oE 'vsk_live_[0-9A-Za-z]{38}' | head -n 1)"
  [ -n "$bench_key" ] || { echo "The CLI printed no key: $output" >&2; exit 1; }
}
revoke_bench_key() {
  [ -n "$bench_key_id" ] && vspec keys revoke "$bench_key_id" >/dev/null 2>&1 || true
}

# wrk_run <results dir> <name> <duration> <base url> <lua script> [script args]: one wrk run with
# $threads threads and $connections connections, saved in <results dir>/<name>.txt
wrk_run() {
  local results="$1" name="$2" length="$3" url="$4" script="$5"
  shift 5
  wrk -t"$threads" -c"$connections" -d"$length" --latency -s "$script" "$url" -- "$@" > "$results/$name.txt"
}

# field <wrk output file> rps|p50|p99|errors: one figure from wrk's report; latencies in ms
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

# report <results dir> <target> <name a> <name b>: the table of both runs, the ratio a/b and the
# verdict; exits non-zero when a measured run had failed requests
report() {
  local results="$1" target="$2" a="$3" b="$4" name ratio verdict failed=0
  printf '\n%-14s %12s %10s %10s %8s\n' "" "requests/s" "p50 ms" "p99 ms" "errors"
  for name in "$a" "$b"; do
    printf '%-14s %12.1f %10.2f %10.2f %8d\n' "$name" "$(field "$results/$name.txt" rps)" \
      "$(field "$results/$name.txt" p50)" "$(field "$results/$name.txt" p99)" "$(field "$results/$name.txt" errors)"
    [ "$(field "$results/$name.txt" errors)" = 0 ] || failed=1
  done
  ratio="$(awk -v x="$(field "$results/$a.txt" rps)" -v y="$(field "$results/$b.txt" rps)" \
    'BEGIN { printf "%.3f", (y > 0 ? x / y : 0) }')"
  verdict="$(awk -v r="$ratio" -v t="$target" 'BEGIN { print (r >= t ? "meets" : "BELOW") }')"
  echo
  echo "ratio $a/$b requests/s: $ratio ($verdict the target of $target)"
  echo "raw wrk output: $results"
  if [ "$failed" = 1 ]; then
    echo "Some requests of a measured run failed (see the raw output); the figures do not count." >&2
    exit 1
  fi
}
