#!/usr/bin/env bash
# registry-up.sh: a real OCI registry (Debian's docker-registry = distribution 2.8) whose `auth: token`
# points at a Starlight console, plus skopeo for the tests (Debian 12, root, no systemd).
#
#   eval "$(sudo bash scripts/services/registry-up.sh)"   # prints `export STARLIGHT_REGISTRY_*=...` on stdout
#
# Installs docker-registry and skopeo if missing (the package's own service is kept from starting).
# The registry trusts the console's token certificate: taken from REGISTRY_TOKEN_CERT, else from
# $STARLIGHT_CONSOLE_URL/api/image/token/certificate. Without either (no console running yet) only
# the packages are installed: the server tests start their own registries (scripts/test-kit/registry.ts).
# Listens on 127.0.0.1 only; the realm is $STARLIGHT_CONSOLE_URL/api/image/token, the service name
# REGISTRY_SERVICE (register the registry in the console under that name, /image-center/image-manage, with
# url = STARLIGHT_REGISTRY_URL and pull_host = the console's host:port: clients push and pull through the
# console's /v2/ gate, which enforces namespace quotas while a push runs; the registry stays on loopback).
# Idempotent: a running registry with an unchanged config is left alone. registry-down.sh stops the
# recorded pid only.
#
# Settings: REGISTRY_HOST=127.0.0.1 REGISTRY_PORT=5001 REGISTRY_SERVICE=starlight
#           STARLIGHT_CONSOLE_URL=http://127.0.0.1:8080 REGISTRY_TOKEN_CERT=(path)
#           REGISTRY_DATA=/var/lib/starlight-dev/registry REGISTRY_RUN=/run/starlight-registry
set -Eeuo pipefail

# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh" registry-up
[ "$(id -u)" = 0 ] || die "run as root (the packages and the service user need it)"

HOST=${REGISTRY_HOST:-127.0.0.1}
PORT=${REGISTRY_PORT:-5001}
SERVICE=${REGISTRY_SERVICE:-starlight}
CONSOLE=${STARLIGHT_CONSOLE_URL:-http://127.0.0.1:8080}
DATA=${REGISTRY_DATA:-/var/lib/starlight-dev/registry}
RUN=${REGISTRY_RUN:-/run/starlight-registry}
EXE=/usr/bin/docker-registry
CONF=$DATA/config.yml
CERT=$DATA/token-cert.pem
PIDFILE=$RUN/registry.pid
LOGFILE=$DATA/registry.log
URL="http://$HOST:$PORT"

# only the named folders get a mode: DATA may sit in a shared folder such as /tmp, whose mode is not ours
install -d -m 0755 "$RUN" "$DATA"
svc_lock "$RUN" registry-up/-down

# ---------------------------------------------------------------- packages
missing=()
for p in docker-registry skopeo curl; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  log "installing ${missing[*]}"
  svc_apt_install "${missing[@]}"
fi
echo "export STARLIGHT_REGISTRY_BINARY=$EXE"

# ---------------------------------------------------------------- the console's certificate
if [ -n "${REGISTRY_TOKEN_CERT:-}" ]; then
  cp "$REGISTRY_TOKEN_CERT" "$CERT.tmp"
elif ! curl -sf --max-time 10 "$CONSOLE/api/image/token/certificate" -o "$CERT.tmp"; then
  rm -f "$CERT.tmp"
  log "no console at $CONSOLE (and no REGISTRY_TOKEN_CERT): packages installed, no registry started"
  exit 0
fi
grep -q 'BEGIN CERTIFICATE' "$CERT.tmp" || die "the token certificate from $CONSOLE is not a PEM certificate"
cert_changed=0
if cmp -s "$CERT.tmp" "$CERT"; then rm -f "$CERT.tmp"; else mv -f "$CERT.tmp" "$CERT"; chmod 0644 "$CERT"; cert_changed=1; fi

# ---------------------------------------------------------------- config
RUN_AS=docker-registry
id "$RUN_AS" >/dev/null 2>&1 || RUN_AS=nobody
install -d -o "$RUN_AS" -m 0755 "$DATA/storage"
new_conf="# managed by registry-up.sh: the Starlight test registry (not the package's service)
version: 0.1
log:
  level: info
storage:
  filesystem:
    rootdirectory: $DATA/storage
  delete:
    enabled: true
http:
  addr: $HOST:$PORT
auth:
  token:
    realm: $CONSOLE/api/image/token
    service: $SERVICE
    issuer: starlight
    rootcertbundle: $CERT"
changed=$cert_changed
if [ ! -f "$CONF" ] || [ "$(cat "$CONF")" != "$new_conf" ]; then
  printf '%s\n' "$new_conf" >"$CONF.tmp"; chmod 0644 "$CONF.tmp"; mv -f "$CONF.tmp" "$CONF"; changed=1
  log "wrote $CONF"
fi

# ---------------------------------------------------------------- process
owned_pid() { svc_owned_pid "$PIDFILE" "$EXE" "$CONF"; }
ready() { curl -s -o /dev/null --max-time 5 -w '%{http_code}' "$URL/v2/" | grep -q 401; }

if pid=$(owned_pid) && { [ "$changed" = 1 ] || ! ready; }; then
  log "restarting the registry (pid $pid): config changed or not ready"
  svc_term "$pid" 100
  if kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid" 2>/dev/null || true; fi
fi
if pid=$(owned_pid); then
  log "registry already running (pid $pid)"
else
  rm -f "$PIDFILE"
  port_busy && die "$HOST:$PORT is already in use by another process (set REGISTRY_PORT)"
  touch "$LOGFILE"; chown "$RUN_AS" "$LOGFILE"
  log "starting docker-registry on $URL (token realm $CONSOLE/api/image/token, service $SERVICE)"
  start-stop-daemon --start --background --make-pidfile --pidfile "$PIDFILE" \
    --chuid "$RUN_AS" --output "$LOGFILE" --exec "$EXE" -- serve "$CONF"
  svc_wait_started "$PIDFILE" "$LOGFILE" 300 ready docker-registry "registry not ready on $URL"
  log "registry running (pid $(tr -dc 0-9 <"$PIDFILE")), log $LOGFILE"
fi

echo "export STARLIGHT_REGISTRY_URL=$URL"
echo "export STARLIGHT_REGISTRY_SERVICE=$SERVICE"
echo "export STARLIGHT_REGISTRY_CONFIG=$CONF"
