#!/usr/bin/env bash
# services-down.sh: stop what services-up.sh started (by recorded pid / cluster control, never by name).
set -Eeuo pipefail
here=$(cd "$(dirname "$0")" && pwd)
wanted=" ${STARLIGHT_SERVICES:-postgres browser slurm sshd node-exporter prometheus registry podman} "
[[ $wanted == *" podman "* ]] && bash "$here/services/podman-down.sh" || true
[[ $wanted == *" registry "* ]] && bash "$here/services/registry-down.sh" || true
[[ $wanted == *" prometheus "* ]] && bash "$here/services/prometheus-down.sh" || true
[[ $wanted == *" node-exporter "* ]] && bash "$here/services/node-exporter-down.sh" || true
[[ $wanted == *" sshd "* ]] && bash "$here/services/sshd-down.sh" || true
[[ $wanted == *" slurm "* ]] && bash "$here/services/slurm-down.sh" || true
if [[ $wanted == *" postgres "* ]] && command -v pg_lsclusters >/dev/null; then
  ver=$(pg_lsclusters -h | awk 'NR==1 {print $1}')
  [ -n "$ver" ] && pg_ctlcluster "$ver" main stop 2>/dev/null || true
fi
