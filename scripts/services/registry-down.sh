#!/usr/bin/env bash
# registry-down.sh: stop the registry that registry-up.sh started, and nothing else.
#
#   sudo bash scripts/services/registry-down.sh
#
# Only the pid recorded in $RUN/registry.pid is stopped, and only while it still runs
# /usr/bin/docker-registry with our config: no pkill or killall by name. Storage and config stay.
set -Eeuo pipefail

# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh" registry-down
[ "$(id -u)" = 0 ] || { log "ERROR: run as root"; exit 1; }
DATA=${REGISTRY_DATA:-/var/lib/starlight-dev/registry}
RUN=${REGISTRY_RUN:-/run/starlight-registry}
svc_down "$RUN" "$RUN/registry.pid" /usr/bin/docker-registry docker-registry registry-up/-down 100 "$DATA/config.yml"
