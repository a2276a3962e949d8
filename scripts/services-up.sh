#!/usr/bin/env bash
# services-up.sh: install (Debian packages) and start the real services the tests use, on loopback.
#
#   eval "$(bash scripts/services-up.sh)"     # prints `export VAR=...` lines on stdout; logs go to stderr
#
# PostgreSQL 15 (Debian's cluster 15/main on 127.0.0.1:5432) with a `starlight` role, Chromium and CJK
# fonts for the browser tests, and a single-node Slurm (scripts/services/slurm-up.sh). Idempotent:
# what runs is left alone. STARLIGHT_SERVICES lists what to bring up (default: "postgres browser slurm sshd node-exporter prometheus interactive cwl registry rclone podman").
# sshd: a dedicated OpenSSH on 127.0.0.1:2222 for the ssh file driver (scripts/services/sshd-up.sh).
# node-exporter, prometheus: node_exporter on 127.0.0.1:9100 scraped every 5 s by a Prometheus on 127.0.0.1:9090
# (scripts/services/node-exporter-up.sh, prometheus-up.sh) for the metrics driver; exports PROMETHEUS_URL.
# interactive: Jupyter, TigerVNC and websockify for the interactive sessions (scripts/services/interactive-up.sh).
# cwl: Debian's cwltool and toil for the application center (scripts/services/cwl-up.sh); nothing to start.
# podman: the container engine of the container-cluster driver, its base image and API socket (scripts/services/podman-up.sh).
# registry: docker-registry + skopeo (scripts/services/registry-up.sh): all the image tests need (each starts its own
# token-auth registry on loopback, scripts/test-kit/registry.ts; under CI=true a missing binary fails them); a long-lived
# token-auth registry is started too when a console already answers at STARLIGHT_CONSOLE_URL.
set -Eeuo pipefail
here=$(cd "$(dirname "$0")" && pwd)
log() { printf '[services-up %(%T)T] %s\n' -1 "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }
[ "$(id -u)" = 0 ] || die "run as root (apt-get and the service users need it)"
wanted=" ${STARLIGHT_SERVICES:-postgres browser slurm sshd node-exporter prometheus interactive cwl registry rclone podman} "
export DEBIAN_FRONTEND=noninteractive

apt_install() {
  local missing=()
  for p in "$@"; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing ${missing[*]}"
  apt-get -o DPkg::Lock::Timeout=600 update -qq >&2 || log "apt-get update failed; trying install anyway"
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >&2
}

if [[ $wanted == *" browser "* ]]; then
  apt_install chromium fonts-noto-cjk fonts-noto-core
  echo "export STARLIGHT_CHROMIUM=/usr/bin/chromium"
fi

if [[ $wanted == *" postgres "* ]]; then
  apt_install postgresql
  ver=$(pg_lsclusters -h | awk 'NR==1 {print $1}')
  [ -n "$ver" ] || die "no PostgreSQL cluster after install"
  if ! pg_lsclusters -h | awk 'NR==1 {print $4}' | grep -q online; then
    log "starting PostgreSQL $ver/main"
    pg_ctlcluster "$ver" main start >&2
  fi
  for _ in $(seq 1 60); do su postgres -c "psql -qAtc 'select 1'" >/dev/null 2>&1 && break; sleep 0.5; done
  su postgres -c "psql -qAtc \"select 1 from pg_roles where rolname='starlight'\"" | grep -q 1 ||
    su postgres -c "psql -qc \"create role starlight login createdb password 'starlight'\"" >&2
  su postgres -c "psql -qAtc \"select 1 from pg_database where datname='starlight_test'\"" | grep -q 1 ||
    su postgres -c "psql -qc 'create database starlight_test owner starlight'" >&2
  echo "export STARLIGHT_TEST_PG=postgres://starlight:starlight@127.0.0.1:5432/starlight_test"
fi

if [[ $wanted == *" slurm "* ]]; then
  bash "$here/services/slurm-up.sh"
fi

if [[ $wanted == *" sshd "* ]]; then
  bash "$here/services/sshd-up.sh"
fi

if [[ $wanted == *" node-exporter "* ]]; then
  bash "$here/services/node-exporter-up.sh"
fi

if [[ $wanted == *" prometheus "* ]]; then
  bash "$here/services/prometheus-up.sh"
fi

if [[ $wanted == *" interactive "* ]]; then
  bash "$here/services/interactive-up.sh"
fi

if [[ $wanted == *" cwl "* ]]; then
  bash "$here/services/cwl-up.sh"
fi

if [[ $wanted == *" registry "* ]]; then
  bash "$here/services/registry-up.sh"
fi

if [[ $wanted == *" rclone "* ]]; then
  bash "$here/services/rclone-up.sh"
fi

if [[ $wanted == *" podman "* ]]; then
  bash "$here/services/podman-up.sh"
fi
