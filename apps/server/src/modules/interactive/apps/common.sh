# Shared by every interactive app's launch script (prepended by interactive-apps.ts). The console hands
# every value as an environment variable (SL_*); nothing of the user's input is ever part of this text.
set -euo pipefail
umask 077
# slurmrestd passes only the environment it is given: HOME from the account's passwd entry then
HOME="${HOME:-$(getent passwd "$(id -un)" | cut -d: -f6)}"
export HOME
# the job runs in the session's folder; the connection file is written there, readable by the account only
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("", 0)); print(s.getsockname()[1]); s.close()'; }
need() { for program in "$@"; do command -v "$program" >/dev/null || { echo "starlight: $program is not installed on $(hostname) (see scripts/services/interactive-up.sh)" >&2; exit 3; }; done; }
# host, port and secret for the console, which trusts the host only if the scheduler names the same node
write_connection() {
  # the scheduler's name for this node (Slurm sets SLURMD_NODENAME; the local queue's node is the host name)
  printf '{"host":"%s","port":%s,"secret":"%s"}\n' "${SLURMD_NODENAME:-$(hostname)}" "$1" "$2" > connection.json.part
  mv connection.json.part connection.json
}
