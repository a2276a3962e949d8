#!/usr/bin/env bash
# sshd-down.sh: stop the test sshd that sshd-up.sh started, and nothing else.
#
#   sudo bash scripts/services/sshd-down.sh
#
# Only the pid recorded in $RUN/sshd.pid is stopped, and only while it still runs /usr/sbin/sshd with
# our config: no pkill or killall by name, the system sshd is never touched. Open sessions are
# children of that listener and end with their connections. Users, keys and config stay in place.
set -Eeuo pipefail

log() { printf '[sshd-down %(%T)T] %s\n' -1 "$*" >&2; }
[ "$(id -u)" = 0 ] || { log "ERROR: run as root"; exit 1; }
DATA=${STARLIGHT_SSHD_DATA:-/var/lib/starlight-dev/ssh}
RUN=${STARLIGHT_SSHD_RUN:-/run/starlight-sshd}
SSHD=/usr/sbin/sshd
CONF=$DATA/sshd_config
PIDFILE=$RUN/sshd.pid
[ -d "$RUN" ] || { log "nothing to stop"; exit 0; }
exec 9>"$RUN/lock"
flock -w 300 9 || { log "another sshd-up/sshd-down is still running"; exit 1; }

[ -s "$PIDFILE" ] || { log "no recorded pid: nothing to stop"; exit 0; }
pid=$(tr -dc 0-9 <"$PIDFILE")
if [ -n "$pid" ] && [ "$(readlink "/proc/$pid/exe" 2>/dev/null)" = "$SSHD" ] &&
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "-f $CONF"; then
  log "stopping sshd (pid $pid)"
  kill -TERM "$pid"
  for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$pid" 2>/dev/null; then log "sshd ignored SIGTERM: SIGKILL"; kill -KILL "$pid" 2>/dev/null || true; fi
else
  log "recorded pid ${pid:-?} is not our sshd (stale pid file removed)"
fi
rm -f "$PIDFILE"
