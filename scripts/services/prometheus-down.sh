#!/usr/bin/env bash
# prometheus-down.sh: stop the Prometheus that prometheus-up.sh started, and nothing else.
#
#   sudo bash scripts/services/prometheus-down.sh
#
# Only the pid recorded in $RUN/prometheus.pid is stopped, and only while it still runs
# /usr/bin/prometheus with our config: no pkill or killall by name. Data and config stay in place.
set -Eeuo pipefail

# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh" prometheus-down
[ "$(id -u)" = 0 ] || { log "ERROR: run as root"; exit 1; }
DATA=${PROMETHEUS_DATA:-/var/lib/starlight-dev/prometheus}
RUN=${PROMETHEUS_RUN:-/run/starlight-prometheus}
EXE=/usr/bin/prometheus
CONF=$DATA/prometheus.yml
PIDFILE=$RUN/prometheus.pid
svc_down "$RUN" "$PIDFILE" "$EXE" prometheus prometheus-up/-down 150 "--config.file=$CONF"
