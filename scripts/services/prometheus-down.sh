#!/usr/bin/env bash
# prometheus-down.sh: stop the Prometheus that prometheus-up.sh started, and nothing else.
#
#   sudo bash scripts/services/prometheus-down.sh
#
# Only the pid recorded in $RUN/prometheus.pid is stopped, and only while it still runs
# /usr/bin/prometheus with our config: no pkill or killall by name. Data and config stay in place.
set -Eeuo pipefail

log() { printf '[prometheus-down %(%T)T] %s\n' -1 "$*" >&2; }
[ "$(id -u)" = 0 ] || { log "ERROR: run as root"; exit 1; }
DATA=${PROMETHEUS_DATA:-/var/lib/starlight-dev/prometheus}
RUN=${PROMETHEUS_RUN:-/run/starlight-prometheus}
EXE=/usr/bin/prometheus
CONF=$DATA/prometheus.yml
PIDFILE=$RUN/prometheus.pid
[ -d "$RUN" ] || { log "nothing to stop"; exit 0; }
exec 9>"$RUN/lock"
flock -w 300 9 || { log "another prometheus-up/-down is still running"; exit 1; }

[ -s "$PIDFILE" ] || { log "no recorded pid: nothing to stop"; exit 0; }
pid=$(tr -dc 0-9 <"$PIDFILE")
exe=$(readlink "/proc/$pid/exe" 2>/dev/null || true)
if [ -n "$pid" ] && [ -n "$exe" ] && [ "${exe% (deleted)}" = "$(readlink -f "$EXE")" ] &&
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "--config.file=$CONF"; then
  log "stopping prometheus (pid $pid)"
  kill -TERM "$pid"
  for _ in $(seq 1 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$pid" 2>/dev/null; then log "prometheus ignored SIGTERM: SIGKILL"; kill -KILL "$pid" 2>/dev/null || true; fi
else
  log "recorded pid ${pid:-?} is not our prometheus (stale pid file removed)"
fi
rm -f "$PIDFILE"
