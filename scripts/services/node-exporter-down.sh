#!/usr/bin/env bash
# node-exporter-down.sh: stop the node_exporter that node-exporter-up.sh started, and nothing else.
#
#   sudo bash scripts/services/node-exporter-down.sh
#
# Only the pid recorded in $RUN/node-exporter.pid is stopped, and only while it still runs
# prometheus-node-exporter: no pkill or killall by name.
set -Eeuo pipefail

log() { printf '[node-exporter-down %(%T)T] %s\n' -1 "$*" >&2; }
[ "$(id -u)" = 0 ] || { log "ERROR: run as root"; exit 1; }
RUN=${NODE_EXPORTER_RUN:-/run/node-exporter-dev}
EXE=/usr/bin/prometheus-node-exporter
PIDFILE=$RUN/node-exporter.pid
[ -d "$RUN" ] || { log "nothing to stop"; exit 0; }
exec 9>"$RUN/lock"
flock -w 300 9 || { log "another node-exporter-up/-down is still running"; exit 1; }

[ -s "$PIDFILE" ] || { log "no recorded pid: nothing to stop"; exit 0; }
pid=$(tr -dc 0-9 <"$PIDFILE")
exe=$(readlink "/proc/$pid/exe" 2>/dev/null || true)
if [ -n "$pid" ] && [ -n "$exe" ] && [ "${exe% (deleted)}" = "$(readlink -f "$EXE")" ]; then
  log "stopping node_exporter (pid $pid)"
  kill -TERM "$pid"
  for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$pid" 2>/dev/null; then log "node_exporter ignored SIGTERM: SIGKILL"; kill -KILL "$pid" 2>/dev/null || true; fi
else
  log "recorded pid ${pid:-?} is not our node_exporter (stale pid file removed)"
fi
rm -f "$PIDFILE"
