#!/usr/bin/env bash
# Connection flood: one client address opens 10,000 connections to the gateway and keeps them open,
# sending nothing, while another client address (127.0.0.2: any 127.x address reaches the loopback
# interface on Linux) asks GET /actuator/health every 250 ms, while the flood opens and while it is
# held. Prints the other client's latency (median and max) and how many of the flood's connections
# the gateway refused at once (429: one address holds at most 256); the target is every answer to
# the other client within 1 s. Then a client trickling its headers a byte a second: when it is
# answered 408 (vspec.http.request-head-timeout, 15 s by default).
#
#   ./vspec up                       # terminal 1
#   bench/connection-flood.sh        # terminal 2
#
# Settings (environment): VSPEC_GATEWAY_URL (http://127.0.0.1:8080; its host must be a loopback
# address), BENCH_CONNECTIONS (10000), BENCH_PROBES (20: the other client's requests once the flood
# is open), BENCH_SLOWLORIS (1; 0 skips the trickling client). The flood needs as many open files as
# connections: the script raises its soft limit to the hard one.
set -euo pipefail

case "${1:-}" in
  -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  "") ;;
  *) echo "connection-flood.sh: unknown argument $1" >&2; exit 2 ;;
esac

base="${VSPEC_GATEWAY_URL:-http://127.0.0.1:8080}"
connections="${BENCH_CONNECTIONS:-10000}"
probes="${BENCH_PROBES:-20}"
slowloris="${BENCH_SLOWLORIS:-1}"
command -v python3 >/dev/null || { echo "connection-flood.sh needs python3" >&2; exit 1; }
command -v curl >/dev/null || { echo "connection-flood.sh needs curl" >&2; exit 1; }
[ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$base/actuator/health" || true)" = 200 ] \
  || { echo "The gateway does not answer at $base/actuator/health: start it with ./vspec up" >&2; exit 1; }
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
if [ "$(ulimit -n)" != unlimited ] && [ "$(ulimit -n)" -lt $((connections + 100)) ]; then
  echo "Only $(ulimit -n) open files are allowed; the flood needs $((connections + 100)) (BENCH_CONNECTIONS=$connections)." >&2
  exit 1
fi

python3 - "$base" "$connections" "$probes" "$slowloris" <<'PYTHON'
import socket, statistics, sys, threading, time
from urllib.parse import urlsplit

base, connections, probes, slowloris = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "1"
url = urlsplit(base)
target = (url.hostname, url.port or 80)
health = ("GET /actuator/health HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n" % url.netloc).encode()

def first_line(sock, timeout):
    sock.settimeout(timeout)
    data = b""
    while b"\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    return data.split(b"\r\n")[0].decode(errors="replace")

def probe():
    t = time.monotonic()
    other = socket.socket()
    other.bind(("127.0.0.2", 0))
    other.connect(target)
    other.sendall(health)
    status = first_line(other, 10)
    other.close()
    return time.monotonic() - t, status

opening = []
flood_open = threading.Event()
def probe_while_opening():
    while not flood_open.is_set():
        opening.append(probe())
        time.sleep(0.25)
prober = threading.Thread(target=probe_while_opening)
prober.start()
start = time.monotonic()
flood = []
for _ in range(connections):
    s = socket.socket()
    s.connect(target)
    flood.append(s)
flood_open.set()
prober.join()
print("flood: %d connections opened from 127.0.0.1 in %.1f s, sending nothing" % (len(flood), time.monotonic() - start))

holding = []
for _ in range(probes):
    holding.append(probe())
    time.sleep(0.25)

def report(name, answers):
    if answers:
        latencies = [latency for latency, _ in answers]
        print("another client (127.0.0.2) %s: %d requests, median %.0f ms, max %.0f ms, answers %s" % (name, len(answers),
              statistics.median(latencies) * 1000, max(latencies) * 1000, sorted(set(status for _, status in answers))))
report("while the flood opened", opening)
report("while the flood is held", holding)

refused = 0
for s in flood:
    s.setblocking(False)
    try:
        if s.recv(64).startswith(b"HTTP/1.1 429"):
            refused += 1
    except (BlockingIOError, ConnectionError):
        pass
    s.close()
print("flood: %d of %d connections were refused at once with 429 rate_limited" % (refused, connections))

if slowloris:
    s = socket.create_connection(target)
    s.sendall(b"GET /actuator/health HTTP/1.1\r\nHost: x\r\n")
    t = time.monotonic()
    answer = ""
    while time.monotonic() - t < 120:
        try:
            s.send(b"a")
            s.settimeout(1)
            chunk = s.recv(4096)
            answer = chunk.split(b"\r\n")[0].decode(errors="replace") if chunk else answer
            break
        except socket.timeout:
            continue
        except OSError:
            break
    print("trickling client (a byte a second): answered '%s' and closed after %.1f s" % (answer, time.monotonic() - t))

answers = opening + holding
ok = all(status.startswith("HTTP/1.1 200") and latency < 1.0 for latency, status in answers)
print("target (every answer to the other client within 1 s): %s" % ("met" if ok else "MISSED"))
sys.exit(0 if ok else 1)
PYTHON
