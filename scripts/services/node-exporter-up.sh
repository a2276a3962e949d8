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

log() { printf '[node-exporter-up %(%T)T] %s\n' -1 "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }
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
exec 9>"$RUN/lock"
flock -w 300 9 || die "another node-exporter-up/-down is still running"

# ---------------------------------------------------------------- package
if ! dpkg-query -W -f='${Status}' prometheus-node-exporter 2>/dev/null | grep -q 'install ok installed' || ! command -v curl >/dev/null; then
  log "installing prometheus-node-exporter"
  export DEBIAN_FRONTEND=noninteractive
  policy_created=0
  # keep the package from starting its own service
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d; chmod 755 /usr/sbin/policy-rc.d; policy_created=1
  fi
  rc=0
  apt-get -o DPkg::Lock::Timeout=600 update -qq >&2 || log "apt-get update failed; trying install anyway"
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends prometheus-node-exporter curl >&2 || rc=$?
  if [ "$policy_created" = 1 ]; then rm -f /usr/sbin/policy-rc.d; fi
  [ "$rc" = 0 ] || die "apt-get install failed"
fi
RUN_AS=prometheus
id "$RUN_AS" >/dev/null 2>&1 || RUN_AS=nobody

# ---------------------------------------------------------------- process
# the recorded pid, printed only while it still runs the exporter's binary
owned_pid() {
  local pid exe
  [ -s "$PIDFILE" ] || return 1
  pid=$(tr -dc 0-9 <"$PIDFILE")
  [ -n "$pid" ] || return 1
  exe=$(readlink "/proc/$pid/exe" 2>/dev/null) || return 1
  [ "${exe% (deleted)}" = "$(readlink -f "$EXE")" ] || return 1
  echo "$pid"
}
answers() { curl -sf --max-time 5 "$URL/metrics" | grep '^node_load1 ' >/dev/null; }
port_busy() { (exec 3<>"/dev/tcp/$HOST/$PORT") 2>/dev/null; }

if pid=$(owned_pid) && answers; then
  log "node_exporter already running (pid $pid)"
else
  if pid=$(owned_pid); then
    log "node_exporter (pid $pid) does not answer: restarting it"
    kill -TERM "$pid"
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -f "$PIDFILE"
  port_busy && die "$HOST:$PORT is already in use by another process (set NODE_EXPORTER_PORT)"
  touch "$LOGFILE"; chown "$RUN_AS" "$LOGFILE"
  log "starting node_exporter on $URL"
  start-stop-daemon --start --background --make-pidfile --pidfile "$PIDFILE" \
    --chuid "$RUN_AS" --output "$LOGFILE" --exec "$EXE" -- \
    --web.listen-address="$HOST:$PORT" --no-collector.systemd --collector.textfile.directory="$TEXTFILE_DIR"
  pid=$(tr -dc 0-9 <"$PIDFILE")
  for _ in $(seq 1 300); do
    answers && break
    kill -0 "$pid" 2>/dev/null || { tail -n 20 "$LOGFILE" >&2; die "node_exporter exited during start-up"; }
    sleep 0.1
  done
  answers || { tail -n 20 "$LOGFILE" >&2; die "node_exporter did not answer on $URL/metrics"; }
  log "node_exporter running (pid $pid), log $LOGFILE"
fi

echo "export NODE_EXPORTER_URL=$URL"
