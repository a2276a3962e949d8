#!/usr/bin/env bash
# sshd-down.sh: stop the test sshd that sshd-up.sh started, and nothing else.
#
#   sudo bash scripts/services/sshd-down.sh
#
# Only the pid recorded in $RUN/sshd.pid is stopped, and only while it still runs /usr/sbin/sshd with
# our config: no pkill or killall by name, the system sshd is never touched. Open sessions are
# children of that listener and end with their connections. Users, keys and config stay in place.
set -Eeuo pipefail

# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh" sshd-down
[ "$(id -u)" = 0 ] || { log "ERROR: run as root"; exit 1; }
DATA=${STARLIGHT_SSHD_DATA:-/var/lib/starlight-dev/ssh}
RUN=${STARLIGHT_SSHD_RUN:-/run/starlight-sshd}
SSHD=/usr/sbin/sshd
CONF=$DATA/sshd_config
PIDFILE=$RUN/sshd.pid
svc_down "$RUN" "$PIDFILE" "$SSHD" sshd sshd-up/sshd-down 100 "-f $CONF"
