#!/usr/bin/env bash
# prometheus-up.sh: a Prometheus for the metrics driver's tests (Debian 12, root, no systemd).
#
#   eval "$(sudo bash scripts/services/prometheus-up.sh)"   # prints `export PROMETHEUS_URL=...` on stdout
#
# Runs Debian's `prometheus` (installed if missing) as a plain background process with its own config,
# data directory and pid file, listening on 127.0.0.1:9090 only and scraping node_exporter
# (scripts/services/node-exporter-up.sh) on 127.0.0.1:9100 every 5 s. The target's `instance` label is
# `<hostname>:9100`, so the console's default node mapping (`{node}:9100`) finds the embedded `local`
# cluster's one node (os.hostname()). It also scrapes the console's own /metrics (job `starlight`) at
# PROMETHEUS_CONSOLE: by default the e2e run's first server (apps/web/e2e/start-server.mjs listens on
# 127.0.0.1:$STARLIGHT_E2E_PORT, 18081 by default, and answers /metrics to loopback); a target that is not up
# yet is simply `up == 0` until the e2e run starts it. The package's own service and /etc/prometheus are left alone.
# Idempotent: a running server whose config is unchanged is left alone; a changed config restarts it.
# prometheus-down.sh stops the recorded pid only.
#
# Settings (environment, all optional):
#   PROMETHEUS_HOST=127.0.0.1  PROMETHEUS_PORT=9090
#   PROMETHEUS_TARGET=127.0.0.1:9100                      (the node_exporter to scrape)
#   PROMETHEUS_CONSOLE=127.0.0.1:${STARLIGHT_E2E_PORT:-18081}  (console instances to scrape, comma-separated; none: no job)
#   PROMETHEUS_DATA=/var/lib/starlight-dev/prometheus     (config, TSDB, log)
#   PROMETHEUS_RUN=/run/starlight-prometheus              (pid file)
#   PROMETHEUS_RETENTION=8d                               (the console's widest window is 7 days)
set -Eeuo pipefail

# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh" prometheus-up
[ "$(id -u)" = 0 ] || die "run as root (the package and the service user need it)"

HOST=${PROMETHEUS_HOST:-127.0.0.1}
PORT=${PROMETHEUS_PORT:-9090}
TARGET=${PROMETHEUS_TARGET:-127.0.0.1:9100}
CONSOLE=${PROMETHEUS_CONSOLE:-127.0.0.1:${STARLIGHT_E2E_PORT:-18081}}
DATA=${PROMETHEUS_DATA:-/var/lib/starlight-dev/prometheus}
RUN=${PROMETHEUS_RUN:-/run/starlight-prometheus}
RETENTION=${PROMETHEUS_RETENTION:-8d}
EXE=/usr/bin/prometheus
CONF=$DATA/prometheus.yml
PIDFILE=$RUN/prometheus.pid
LOGFILE=$DATA/prometheus.log
URL="http://$HOST:$PORT"

# only the named folders get a mode: DATA may sit in a shared folder such as /tmp, whose mode is not ours
install -d -m 0755 "$RUN" "$DATA"
svc_lock "$RUN" prometheus-up/-down

# ---------------------------------------------------------------- package
if ! dpkg-query -W -f='${Status}' prometheus 2>/dev/null | grep -q 'install ok installed' || ! command -v curl >/dev/null; then
  log "installing prometheus"
  svc_apt_install prometheus curl
fi
RUN_AS=prometheus
id "$RUN_AS" >/dev/null 2>&1 || { useradd --system --no-create-home --shell /usr/sbin/nologin "$RUN_AS"; log "created user $RUN_AS"; }
install -d -o "$RUN_AS" -m 0755 "$DATA/tsdb"

# ---------------------------------------------------------------- config
node=$(hostname)
new_conf="# managed by prometheus-up.sh: the Starlight test Prometheus (not the package's service)
global:
  scrape_interval: 5s
  evaluation_interval: 5s
scrape_configs:
  - job_name: node
    static_configs:
      - targets: ['$TARGET']
        labels:
          # the scheduler's node name, as the console maps it ({node}:9100)
          instance: '$node:9100'"
if [ "$CONSOLE" != none ]; then
  [[ "$CONSOLE" =~ ^[A-Za-z0-9.:_-]+(,[A-Za-z0-9.:_-]+)*$ ]] || die "PROMETHEUS_CONSOLE must be host:port[,host:port…] or none: $CONSOLE"
  # the console's /metrics (deploy/prometheus/starlight.yml is the production form of this job)
  new_conf="$new_conf
  - job_name: starlight
    metrics_path: /metrics
    static_configs:
      - targets: ['${CONSOLE//,/\', \'}']"
fi
changed=0
if [ ! -f "$CONF" ] || [ "$(cat "$CONF")" != "$new_conf" ]; then
  printf '%s\n' "$new_conf" >"$CONF.tmp"; chmod 0644 "$CONF.tmp"; mv -f "$CONF.tmp" "$CONF"; changed=1
  log "wrote $CONF"
fi
command -v promtool >/dev/null && { promtool check config "$CONF" >&2 || die "promtool rejected $CONF"; }

# ---------------------------------------------------------------- process
# the recorded pid, printed only while it still is our prometheus (right binary, our config)
owned_pid() { svc_owned_pid "$PIDFILE" "$EXE" "--config.file=$CONF"; }
ready() { curl -sf --max-time 5 "$URL/-/ready" >/dev/null; }

if pid=$(owned_pid) && { [ "$changed" = 1 ] || ! ready; }; then
  log "restarting prometheus (pid $pid): config changed or not ready"
  svc_term "$pid" 150
  if kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid" 2>/dev/null || true; fi
fi
if pid=$(owned_pid); then
  log "prometheus already running (pid $pid)"
else
  rm -f "$PIDFILE"
  port_busy && die "$HOST:$PORT is already in use by another process (set PROMETHEUS_PORT)"
  touch "$LOGFILE"; chown "$RUN_AS" "$LOGFILE"
  log "starting prometheus on $URL"
  start-stop-daemon --start --background --make-pidfile --pidfile "$PIDFILE" \
    --chuid "$RUN_AS" --chdir "$DATA" --output "$LOGFILE" --exec "$EXE" -- \
    --config.file="$CONF" --storage.tsdb.path="$DATA/tsdb" --storage.tsdb.retention.time="$RETENTION" \
    --web.listen-address="$HOST:$PORT"
  svc_wait_started "$PIDFILE" "$LOGFILE" 600 ready prometheus "prometheus not ready on $URL"
  pid=$(tr -dc 0-9 <"$PIDFILE")
  log "prometheus running (pid $pid), log $LOGFILE"
fi

# the tests want a sample: wait (bounded) for the first successful scrape of node_exporter
for _ in $(seq 1 60); do
  curl -sf --max-time 5 "$URL/api/v1/query" --data-urlencode 'query=up{job="node"} == 1' | grep '"value"' >/dev/null && break
  sleep 0.5
done
curl -sf --max-time 5 "$URL/api/v1/query" --data-urlencode 'query=up{job="node"} == 1' | grep '"value"' >/dev/null ||
  log "WARNING: node_exporter at $TARGET is not scraped yet (is node-exporter-up.sh running?)"

echo "export PROMETHEUS_URL=$URL"
