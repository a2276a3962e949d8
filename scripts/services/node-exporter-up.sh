#!/usr/bin/env bash
# node-exporter-up.sh: Prometheus node_exporter for the metrics tests (Debian 12, root, no systemd).
#
#   eval "$(sudo bash scripts/services/node-exporter-up.sh)"   # prints `export NODE_EXPORTER_URL=...` on stdout
#
# Runs Debian's prometheus-node-exporter (installed if missing) on 127.0.0.1:9100 as the `prometheus`
# user (else nobody), without the systemd collector (no D-Bus in a container). Idempotent: a running,
# answering exporter is left alone. The pid goes to $RUN/node-exporter.pid; node-exporter-down.sh stops
# that pid only.
#
# Settings (environment, all optional):
#   NODE_EXPORTER_HOST=127.0.0.1  NODE_EXPORTER_PORT=9100
#   NODE_EXPORTER_RUN=/run/node-exporter-dev                          (pid file, log)
#   NODE_EXPORTER_TEXTFILE_DIR=/var/lib/node-exporter-dev/textfile    (*.prom files there are exported too)
set -Eeuo pipefail

# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh" node-exporter-up
[ "$(id -u)" = 0 ] || die "run as root (the package and the service user need it)"

HOST=${NODE_EXPORTER_HOST:-127.0.0.1}
PORT=${NODE_EXPORTER_PORT:-9100}
RUN=${NODE_EXPORTER_RUN:-/run/node-exporter-dev}
TEXTFILE_DIR=${NODE_EXPORTER_TEXTFILE_DIR:-/var/lib/node-exporter-dev/textfile}
EXE=/usr/bin/prometheus-node-exporter
URL="http://$HOST:$PORT"
PIDFILE=$RUN/node-exporter.pid
LOGFILE=$RUN/node-exporter.log

install -d -m 0755 "$RUN" "$TEXTFILE_DIR"
svc_lock "$RUN" node-exporter-up/-down

# ---------------------------------------------------------------- package
if ! dpkg-query -W -f='${Status}' prometheus-node-exporter 2>/dev/null | grep -q 'install ok installed' || ! command -v curl >/dev/null; then
  log "installing prometheus-node-exporter"
  svc_apt_install prometheus-node-exporter curl
fi
RUN_AS=prometheus
id "$RUN_AS" >/dev/null 2>&1 || RUN_AS=nobody

# ---------------------------------------------------------------- process
# the recorded pid, printed only while it still runs the exporter's binary
owned_pid() { svc_owned_pid "$PIDFILE" "$EXE"; }
answers() { curl -sf --max-time 5 "$URL/metrics" | grep '^node_load1 ' >/dev/null; }

if pid=$(owned_pid) && answers; then
  log "node_exporter already running (pid $pid)"
else
  if pid=$(owned_pid); then
    log "node_exporter (pid $pid) does not answer: restarting it"
    svc_term "$pid" 100
  fi
  rm -f "$PIDFILE"
  port_busy && die "$HOST:$PORT is already in use by another process (set NODE_EXPORTER_PORT)"
  touch "$LOGFILE"; chown "$RUN_AS" "$LOGFILE"
  log "starting node_exporter on $URL"
  start-stop-daemon --start --background --make-pidfile --pidfile "$PIDFILE" \
    --chuid "$RUN_AS" --output "$LOGFILE" --exec "$EXE" -- \
    --web.listen-address="$HOST:$PORT" --no-collector.systemd --collector.textfile.directory="$TEXTFILE_DIR"
  svc_wait_started "$PIDFILE" "$LOGFILE" 300 answers node_exporter "node_exporter did not answer on $URL/metrics"
  pid=$(tr -dc 0-9 <"$PIDFILE")
  log "node_exporter running (pid $pid), log $LOGFILE"
fi

echo "export NODE_EXPORTER_URL=$URL"
