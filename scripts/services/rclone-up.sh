#!/usr/bin/env bash
# rclone-up.sh: Debian's rclone, the transfer engine of the data sources (modules/udm). A package, not a
# service: nothing is started here (the tests start `rclone serve webdav` on loopback themselves).
# Idempotent. Without it the server still starts and logs what to install.
set -Eeuo pipefail
# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh" rclone-up
[ "$(id -u)" = 0 ] || die "run as root (apt)"
if ! command -v rclone >/dev/null 2>&1; then
  log "installing rclone"
  svc_apt_install rclone
fi
log "$(rclone version | head -1)"
