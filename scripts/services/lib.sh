# lib.sh: what the service up/down scripts (sshd, node-exporter, prometheus) share. Sourced, never run:
#
#   # shellcheck source=lib.sh
#   . "$(dirname "${BASH_SOURCE[0]}")/lib.sh" sshd-up     # the argument is the log prefix
#
# Defines functions only (log, die, svc_lock, svc_apt_install, svc_owned_pid, svc_term, port_busy,
# svc_wait_started, svc_down); nothing runs on sourcing. Processes are only ever found through the pid
# file the up script recorded, and only while that pid still runs the expected binary (and, when given,
# with our config on its command line): no pkill or killall by name.

SVC_NAME=${1:?lib.sh: pass the log prefix, e.g. sshd-up}

log() { printf '[%s %(%T)T] %s\n' "$SVC_NAME" -1 "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# svc_lock RUN WHAT: one up/down of this service at a time (fd 9 on $RUN/lock, held until the script ends)
svc_lock() {
  exec 9>"$1/lock"
  flock -w 300 9 || die "another $2 is still running"
}

# svc_apt_install PACKAGE...: install from Debian without letting the packages start their own services
svc_apt_install() {
  local policy_created=0 rc=0
  export DEBIAN_FRONTEND=noninteractive
  # policy-rc.d exiting 101 keeps the package's own service from starting (on its default port and config)
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d; chmod 755 /usr/sbin/policy-rc.d; policy_created=1
  fi
  apt-get -o DPkg::Lock::Timeout=600 update -qq >&2 || log "apt-get update failed; trying install anyway"
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "$@" >&2 || rc=$?
  if [ "$policy_created" = 1 ]; then rm -f /usr/sbin/policy-rc.d; fi
  [ "$rc" = 0 ] || die "apt-get install failed"
}

# svc_owned_pid PIDFILE EXE [CMDLINE_PART]: the recorded pid, printed only while it still runs EXE
# (a binary replaced by an upgrade counts) and, when CMDLINE_PART is given, has it on its command line
svc_owned_pid() {
  local pid exe
  [ -s "$1" ] || return 1
  pid=$(tr -dc 0-9 <"$1")
  [ -n "$pid" ] || return 1
  exe=$(readlink "/proc/$pid/exe" 2>/dev/null) || return 1
  [ "${exe% (deleted)}" = "$(readlink -f "$2")" ] || return 1
  if [ -n "${3:-}" ]; then tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$3" || return 1; fi
  echo "$pid"
}

# svc_term PID TENTHS: SIGTERM, then wait up to TENTHS tenths of a second for the process to end
svc_term() {
  kill -TERM "$1"
  for _ in $(seq 1 "$2"); do kill -0 "$1" 2>/dev/null || break; sleep 0.1; done
}

# port_busy: something already listens on $HOST:$PORT (the caller's settings)
port_busy() { (exec 3<>"/dev/tcp/$HOST/$PORT") 2>/dev/null; }

# svc_wait_started PIDFILE LOGFILE TENTHS READY_COMMAND NAME NOT_READY_MESSAGE: after start-stop-daemon,
# wait until READY_COMMAND succeeds; the log's tail and an error if the process exits or never gets ready
svc_wait_started() {
  local pid
  pid=$(tr -dc 0-9 <"$1")
  for _ in $(seq 1 "$3"); do
    "$4" && break
    kill -0 "$pid" 2>/dev/null || { tail -n 20 "$2" >&2; die "$5 exited during start-up"; }
    sleep 0.1
  done
  "$4" || { tail -n 20 "$2" >&2; die "$6"; }
}

# svc_down RUN PIDFILE EXE NAME LOCK_WHAT TENTHS [CMDLINE_PART]: the whole of a down script: stop the
# recorded pid while it is ours (SIGTERM, SIGKILL after TENTHS tenths of a second), drop the pid file
svc_down() {
  local run=$1 pidfile=$2 exe=$3 name=$4 lock_what=$5 tenths=$6 cmdline=${7:-} pid
  [ -d "$run" ] || { log "nothing to stop"; exit 0; }
  exec 9>"$run/lock"
  flock -w 300 9 || { log "another $lock_what is still running"; exit 1; }

  [ -s "$pidfile" ] || { log "no recorded pid: nothing to stop"; exit 0; }
  if pid=$(svc_owned_pid "$pidfile" "$exe" "$cmdline"); then
    log "stopping $name (pid $pid)"
    svc_term "$pid" "$tenths"
    if kill -0 "$pid" 2>/dev/null; then log "$name ignored SIGTERM: SIGKILL"; kill -KILL "$pid" 2>/dev/null || true; fi
  else
    pid=$(tr -dc 0-9 <"$pidfile")
    log "recorded pid ${pid:-?} is not our $name (stale pid file removed)"
  fi
  rm -f "$pidfile"
}
