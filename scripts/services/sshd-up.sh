#!/usr/bin/env bash
# sshd-up.sh: a dedicated OpenSSH server for the `ssh` file driver's tests (Debian 12, root, no systemd).
#
#   eval "$(sudo bash scripts/services/sshd-up.sh)"   # prints `export STARLIGHT_TEST_SSH_*=...` on stdout
#
# Runs its own sshd (Debian `openssh-server`, installed if missing) on 127.0.0.1:2222 with its own
# config, host key, pid file and authorized keys under $DATA and $RUN. The system sshd and
# /etc/ssh/sshd_config are left alone. Test users alice, bob and carol are created if missing, their
# homes set to mode 700 (so the cluster's own permissions keep them apart), and one service key pair
# (the console's) is authorised for each of them, restricted to SFTP. Idempotent: a running server
# whose config is unchanged is left alone; a changed config restarts it. sshd-down.sh stops the
# recorded pid only.
#
# Settings (environment, all optional):
#   STARLIGHT_SSHD_HOST=127.0.0.1  STARLIGHT_SSHD_PORT=2222
#   STARLIGHT_SSHD_USERS="alice bob carol sl_alice_lab sl_bob_lab sl_quota_lab"
#     (sl_*: three-part accounts, spec §5, for the console's binding tests; no Slurm association is made
#      for them here, because binding through the console creates it; sl_quota_lab is the quotas
#      suite's account, whose partition associations the console's grants create)
#   STARLIGHT_SSHD_DATA=/var/lib/starlight-dev/ssh   (config, keys, authorized_keys/<user>, log)
#   STARLIGHT_SSHD_RUN=/run/starlight-sshd           (pid file)
#   STARLIGHT_SSHD_KEY_OPTIONS='restrict,command="/usr/lib/openssh/sftp-server"'
#   STARLIGHT_SSHD_SHELL_KEY_OPTIONS=restrict,pty   (the web shell key: a terminal, no forwarding)
set -Eeuo pipefail

# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh" sshd-up
[ "$(id -u)" = 0 ] || die "run as root (users, keys and port binding need it)"

HOST=${STARLIGHT_SSHD_HOST:-127.0.0.1}
PORT=${STARLIGHT_SSHD_PORT:-2222}
USERS=${STARLIGHT_SSHD_USERS:-alice bob carol sl_alice_lab sl_bob_lab sl_quota_lab}
DATA=${STARLIGHT_SSHD_DATA:-/var/lib/starlight-dev/ssh}
RUN=${STARLIGHT_SSHD_RUN:-/run/starlight-sshd}
SFTP_SERVER=/usr/lib/openssh/sftp-server
# the service key may only speak SFTP: a leaked console key cannot open a shell as the user
KEY_OPTIONS=${STARLIGHT_SSHD_KEY_OPTIONS:-restrict,command=\"$SFTP_SERVER\"}
# the web shell's key (a second console key): a login shell with a terminal, still no forwarding
SHELL_KEY_OPTIONS=${STARLIGHT_SSHD_SHELL_KEY_OPTIONS:-restrict,pty}
SSHD=/usr/sbin/sshd
CONF=$DATA/sshd_config
PIDFILE=$RUN/sshd.pid
LOGFILE=$DATA/sshd.log
HOST_KEY=$DATA/ssh_host_ed25519_key
SERVICE_KEY=$DATA/service_ed25519
SHELL_KEY=$DATA/shell_ed25519

# only the named folders get a mode: DATA may sit in a shared folder such as /tmp, whose mode is not ours
install -d -m 0755 "$RUN" "$DATA"
svc_lock "$RUN" sshd-up/sshd-down

# ---------------------------------------------------------------- package
if [ ! -x "$SSHD" ] || [ ! -x "$SFTP_SERVER" ]; then
  log "installing openssh-server"
  svc_apt_install openssh-server
fi

# ---------------------------------------------------------------- users
for u in $USERS; do
  id "$u" >/dev/null 2>&1 || { useradd -m -s /bin/bash "$u"; log "created user $u"; }
  home=$(getent passwd "$u" | cut -d: -f6)
  [ -d "$home" ] || install -d -o "$u" -g "$(id -gn "$u")" "$home"
  chmod 0700 "$home"
  # without PAM, sshd refuses every method for a locked account ('!' in shadow, useradd's default);
  # '*' keeps password login impossible but lets the key in
  if getent shadow "$u" | cut -d: -f2 | grep -q '^!'; then usermod -p '*' "$u"; log "unlocked $u for key login (password stays unusable)"; fi
done

# ---------------------------------------------------------------- keys
[ -s "$HOST_KEY" ] || { ssh-keygen -q -t ed25519 -N '' -C starlight-dev-host -f "$HOST_KEY"; log "created host key"; }
[ -s "$SERVICE_KEY" ] || { ssh-keygen -q -t ed25519 -N '' -C starlight-console-service -f "$SERVICE_KEY"; log "created service key $SERVICE_KEY"; }
[ -s "$SHELL_KEY" ] || { ssh-keygen -q -t ed25519 -N '' -C starlight-console-webssh -f "$SHELL_KEY"; log "created web shell key $SHELL_KEY"; }
chmod 0600 "$HOST_KEY" "$SERVICE_KEY" "$SHELL_KEY"
# authorized keys live outside the homes so the tests see clean homes (no ~/.ssh)
install -d -m 0755 "$DATA/authorized_keys"
for u in $USERS; do
  printf '%s %s\n' "$KEY_OPTIONS" "$(cat "$SERVICE_KEY.pub")" >"$DATA/authorized_keys/$u.tmp"
  printf '%s %s\n' "$SHELL_KEY_OPTIONS" "$(cat "$SHELL_KEY.pub")" >>"$DATA/authorized_keys/$u.tmp"
  chmod 0644 "$DATA/authorized_keys/$u.tmp"; mv -f "$DATA/authorized_keys/$u.tmp" "$DATA/authorized_keys/$u"
done

# ---------------------------------------------------------------- config
# shellcheck disable=SC2086
allow_users=$(echo $USERS)
new_conf="# managed by sshd-up.sh: the Starlight test sshd (not the system one)
Port $PORT
ListenAddress $HOST
HostKey $HOST_KEY
PidFile $PIDFILE
AuthorizedKeysFile $DATA/authorized_keys/%u
AuthenticationMethods publickey
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin no
UsePAM no
AllowUsers $allow_users
AllowTcpForwarding no
AllowAgentForwarding no
X11Forwarding no
PermitTunnel no
PrintMotd no
# the tests open many pooled connections at once
MaxStartups 200:30:400
MaxSessions 20
Subsystem sftp $SFTP_SERVER
LogLevel VERBOSE"
changed=0
if [ ! -f "$CONF" ] || [ "$(cat "$CONF")" != "$new_conf" ]; then
  printf '%s\n' "$new_conf" >"$CONF.tmp"; chmod 0644 "$CONF.tmp"; mv -f "$CONF.tmp" "$CONF"; changed=1
  log "wrote $CONF"
fi
install -d -m 0755 /run/sshd # privilege separation directory sshd insists on
"$SSHD" -t -f "$CONF" || die "sshd rejected $CONF"

# ---------------------------------------------------------------- process
# the recorded pid, printed only while it still is our sshd (right binary, our config)
owned_pid() { svc_owned_pid "$PIDFILE" "$SSHD" "-f $CONF"; }

if pid=$(owned_pid) && [ "$changed" = 1 ]; then
  log "config changed: restarting sshd (pid $pid)"
  svc_term "$pid" 50
fi
if pid=$(owned_pid); then
  log "sshd already running (pid $pid)"
else
  rm -f "$PIDFILE"
  port_busy && die "$HOST:$PORT is already in use by another process (set STARLIGHT_SSHD_PORT)"
  log "starting sshd on $HOST:$PORT"
  # without -D sshd daemonises and writes PidFile itself
  "$SSHD" -f "$CONF" -E "$LOGFILE"
  for _ in $(seq 1 100); do port_busy && owned_pid >/dev/null && break; sleep 0.1; done
  pid=$(owned_pid) || { tail -n 20 "$LOGFILE" >&2 || true; die "sshd did not start"; }
  log "sshd running (pid $pid), log $LOGFILE"
fi

# ---------------------------------------------------------------- smoke check and env
known_hosts=$DATA/known_hosts
printf '[%s]:%s %s\n' "$HOST" "$PORT" "$(cut -d' ' -f1,2 "$HOST_KEY.pub")" >"$known_hosts"
for u in $USERS; do
  out=$(printf 'pwd\n' | sftp -q -b - -i "$SERVICE_KEY" -P "$PORT" -o BatchMode=yes -o IdentitiesOnly=yes \
    -o UserKnownHostsFile="$known_hosts" -o StrictHostKeyChecking=yes "$u@$HOST" 2>&1) ||
    { printf '%s\n' "$out" >&2; die "sftp as $u failed"; }
done
log "sftp as $allow_users works"
for u in $USERS; do
  out=$(ssh -q -i "$SHELL_KEY" -p "$PORT" -o BatchMode=yes -o IdentitiesOnly=yes -o UserKnownHostsFile="$known_hosts" \
    -o StrictHostKeyChecking=yes "$u@$HOST" id -un 2>&1) && [ "$out" = "$u" ] || { printf '%s\n' "$out" >&2; die "shell as $u failed"; }
done
log "shell as $allow_users works (web shell key)"
fingerprint=$(ssh-keygen -l -E sha256 -f "$HOST_KEY.pub" | awk '{print $2}')
echo "export STARLIGHT_TEST_SSH_HOST=$HOST STARLIGHT_TEST_SSH_PORT=$PORT STARLIGHT_TEST_SSH_KEY=$SERVICE_KEY STARLIGHT_TEST_SSH_HOSTKEY_SHA256=$fingerprint STARLIGHT_TEST_SSH_SHELL_KEY=$SHELL_KEY"
