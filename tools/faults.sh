#!/usr/bin/env bash
# Fault drill: runs vspec as the production topology runs it, as separate processes (two command
# sides, two projections consumers on six partitions, two query sides, the gateway in front of
# them) on one PostgreSQL cluster and one Kafka broker of its own, under steady read and enrichment
# load through the gateway; kills each deployable's instances in turn with SIGKILL and starts them
# again, then crashes and restarts PostgreSQL and the broker. Afterwards it checks that every stored
# event reached the topic once and in order, every enrichment answered 202 ended with a reason, the
# limits admitted no more than they allow, the read tables equal clean rebuilds, and clients saw
# only 502/503 (with Retry-After) during the faults, never a 500 or a wrong answer. Prints the
# figures and exits 1 on any violation.
#
#   tools/faults.sh            the full drill (about 15 minutes on 2 cores)
#   tools/faults.sh --brief    the short form the test suite runs (FaultsIT, a few minutes)
#   tools/faults.sh --help     every option
#
# Needs PostgreSQL's server binaries (/usr/lib/postgresql/<version>/bin; Debian: apt-get install
# postgresql; no server needs to run) and the vPIC data (downloaded once, then its cache). It touches no
# running stack and no existing database: its cluster, broker and logs live in a directory under
# $TMPDIR (or /tmp), deleted afterwards when nothing failed, kept (with every part's log) when
# something did.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

case "${1:-}" in
  -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; echo; exec "$root/tools/harness.sh" faults --help ;;
esac

work="$(mktemp -d "${TMPDIR:-/tmp}/vspec-faults.XXXXXX")"
# PostgreSQL runs as its own user when this script runs as root, and must reach its directory in here
chmod 755 "$work"
drill=""

# Stops what the drill left running should it die before it could (it stops everything itself
# otherwise): its parts by their recorded process ids, then its PostgreSQL cluster.
cleanup() {
  if [ -n "$drill" ] && kill -0 "$drill" 2>/dev/null; then
    kill -TERM "$drill" 2>/dev/null || true
    wait "$drill" 2>/dev/null || true
  fi
  for pidfile in "$work"/vspec-faults-*/logs/*.pid; do
    [ -f "$pidfile" ] || continue
    pid="$(cat "$pidfile")"
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
  done
  for data in "$work"/vspec-faults-*/postgres/data; do
    [ -f "$data/postmaster.pid" ] || continue
    # SIGQUIT is PostgreSQL's immediate shutdown
    kill -QUIT "$(head -n 1 "$data/postmaster.pid")" 2>/dev/null || true
  done
  # the drill deletes its own directory when nothing failed
  rmdir "$work" 2>/dev/null || echo "Kept $work" >&2
}
trap cleanup EXIT
trap 'exit 130' INT TERM

"$root/tools/harness.sh" faults --work "$work" "$@" &
drill=$!
wait "$drill"
