#!/usr/bin/env bash
# node-exporter-down.sh: stop the node_exporter that node-exporter-up.sh started, and nothing else.
#
#   sudo bash scripts/services/node-exporter-down.sh
#
# Only the pid recorded in $RUN/node-exporter.pid is stopped, and only while it still runs
# prometheus-node-exporter: no pkill or killall by name.
set -Eeuo pipefail

# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh" node-exporter-down
[ "$(id -u)" = 0 ] || { log "ERROR: run as root"; exit 1; }
RUN=${NODE_EXPORTER_RUN:-/run/node-exporter-dev}
EXE=/usr/bin/prometheus-node-exporter
PIDFILE=$RUN/node-exporter.pid
svc_down "$RUN" "$PIDFILE" "$EXE" node_exporter node-exporter-up/-down 100
