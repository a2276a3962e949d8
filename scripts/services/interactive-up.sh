#!/usr/bin/env bash
# interactive-up.sh: the programs of the interactive apps (modules/interactive), from Debian. Nothing is started:
# the apps run as batch jobs of each user's account, on the embedded scheduler's host or the Slurm node (here
# both are this machine).
#
#   sudo bash scripts/services/interactive-up.sh
#
# jupyter-notebook (Jupyter), tigervnc-standalone-server + tigervnc-tools (Xtigervnc, vncpasswd), websockify
# (the websocket the browser's noVNC speaks), x11-utils (xmessage, the desktop's greeting window), twm (a small
# window manager) and xterm (the desktop's terminal).
# Idempotent: installed packages are left alone. Prints nothing on stdout (no variables to export).
set -Eeuo pipefail

# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh" interactive-up
[ "$(id -u)" = 0 ] || die "run as root (apt-get needs it)"

missing=()
for p in jupyter-notebook tigervnc-standalone-server tigervnc-tools websockify x11-utils twm xterm; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  log "installing ${missing[*]}"
  svc_apt_install "${missing[@]}"
fi
for program in jupyter-notebook Xtigervnc vncpasswd websockify xmessage twm xterm; do
  command -v "$program" >/dev/null || die "$program is still missing after the install"
done
log "interactive apps ready (jupyter-notebook $(jupyter-notebook --version 2>/dev/null), $(Xtigervnc -version 2>&1 | head -n 1))"
