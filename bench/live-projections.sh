#!/usr/bin/env bash
# Live projections against the rebuild, on the same events: a bulk import into a running stack, timed
# from its first stored event until every projection has applied its last one (storing, relay, Kafka,
# projections, all live), against `vspec projections rebuild --all` of the same topic afterwards.
# Prints events/s of both and their ratio live/rebuild (target >= 0.5).
#
#   ./vspec up                          # in another terminal, on an event store without this catalog
#   bench/live-projections.sh
#
# The import is `tools/harness.sh synthetic load --configurations BENCH_CONFIGURATIONS (100000) --seed
# BENCH_SEED (42) --wait`. A catalog the event store already holds stores nothing and measures nothing (another
# seed gives the same config_keys, which the load refuses): start from an empty database and broker
# (dropdb vspec, or VSPEC_DB_URL and VSPEC_DATA_DIR naming new ones, exported for both the stack and
# this script; see bench/README.md). The rebuild swaps the stack's live tables, as an operator's
# rebuild would. BENCH_TARGET (0.5) is the ratio the verdict compares with.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
. "$here/lib.sh"

case "${1:-}" in
  -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  "") ;;
  *) echo "Unknown argument: $1 (see --help)" >&2; exit 2 ;;
esac

configurations="${BENCH_CONFIGURATIONS:-100000}"
seed="${BENCH_SEED:-42}"
target="${BENCH_TARGET:-0.5}"
[ -f "$root/cli/target/vspec.jar" ] || "$root/vspec" --version >/dev/null
results="$here/results/$(date -u +%Y%m%dT%H%M%SZ)-live"
mkdir -p "$results"

echo "Importing the synthetic catalog ($configurations configurations, seed $seed) into the running stack ..."
harness synthetic load --configurations "$configurations" --seed "$seed" --wait | tee "$results/load.txt"
# "Loaded in 62.8 s: 100,000 aggregates stored, 0 already there; 1,749,748 events at 27,863 events/s."
stored_line="$(grep -E '^Loaded in ' "$results/load.txt" | tail -n 1)"
stored_seconds="$(printf '%s\n' "$stored_line" | sed -E 's/^Loaded in ([0-9.]+) s.*/\1/')"
events="$(printf '%s\n' "$stored_line" | sed -E 's/.*; ([0-9,]+) events at.*/\1/' | tr -d ,)"
caught_up_seconds="$(grep -E '^Caught up after ' "$results/load.txt" | tail -n 1 | sed -E 's/^Caught up after ([0-9.]+) s.*/\1/')"
if [ -z "$events" ] || [ "$events" = 0 ] || [ -z "$caught_up_seconds" ]; then
  echo "The import stored no events (the event store holds this catalog already): nothing was measured." >&2
  echo "Start from an empty database, or set BENCH_SEED to a catalog it does not hold." >&2
  exit 1
fi

echo
echo "Rebuilding every projection from the same topic ..."
harness bench rebuild --min-events 0 2>"$results/rebuild-stderr.txt" | tee "$results/rebuild.txt"
# "rebuild from the topic : 1,750,557 events in 59.1 s (...): 29,636 events/s"
rebuild_rate="$(grep -E '^rebuild from the topic' "$results/rebuild.txt" | sed -E 's/.*: ([0-9,]+) events\/s$/\1/' | tr -d ,)"
[ -n "$rebuild_rate" ] || { echo "The rebuild printed no rate; see $results/rebuild.txt" >&2; exit 1; }

awk -v events="$events" -v stored="$stored_seconds" -v caught="$caught_up_seconds" -v rebuild="$rebuild_rate" \
    -v target="$target" 'BEGIN {
  total = stored + caught
  live = events / total
  ratio = live / rebuild
  printf "\nlive import   : %d events stored in %.1f s, applied by every projection %.1f s later: %.0f events/s\n", events, stored, caught, live
  printf "rebuild       : %.0f events/s\n", rebuild
  printf "ratio         : %.3f (live / rebuild; target >= %s): %s\n", ratio, target, (ratio >= target ? "met" : "missed")
}' | tee "$results/report.txt"
