#!/usr/bin/env bash
# podman-down.sh: stop the `podman system service` that podman-up.sh started, and nothing else.
#
#   sudo bash scripts/services/podman-down.sh
#
# Only the pid recorded in $RUN/podman.pid is stopped, and only while it still runs podman with our socket on
# its command line: no pkill or killall by name. Containers the tests left are theirs to remove.
set -Eeuo pipefail

# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh" podman-down
[ "$(id -u)" = 0 ] || { log "ERROR: run as root"; exit 1; }
RUN=${STARLIGHT_PODMAN_RUN:-/run/starlight-podman}
svc_down "$RUN" "$RUN/podman.pid" /usr/bin/podman 'podman service' podman-up/-down 100 "$RUN/podman.sock"
