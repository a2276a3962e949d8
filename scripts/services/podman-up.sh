#!/usr/bin/env bash
# podman-up.sh: a real container engine for the container-cluster driver (Debian 12, root, no systemd).
#
#   eval "$(sudo bash scripts/services/podman-up.sh)"   # prints `export STARLIGHT_TEST_PODMAN_SOCKET=...` on stdout
#
# Installs podman, runc and catatonit (and busybox-static for the base image) if missing, and configures the
# engine for this kind of machine in a drop-in (/etc/containers/containers.conf.d/50-starlight.conf):
#   - runtime runc: crun refuses the hybrid cgroup layout of these VMs;
#   - default ulimits nofile/nproc 1024: limits above the host's are refused (no CAP_SYS_RESOURCE).
# Builds the base image localhost/starlight/base:latest from busybox-static (no public registry is reachable:
# nothing is pulled), and starts `podman system service` on a unix socket of its own (never a TCP port).
# Idempotent: a running service is left alone. podman-down.sh stops the recorded pid only.
#
# Settings: STARLIGHT_PODMAN_RUN=/run/starlight-podman   (socket, pid file, log)
set -Eeuo pipefail

# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh" podman-up
[ "$(id -u)" = 0 ] || die "run as root (the packages and the engine's storage need it)"

RUN=${STARLIGHT_PODMAN_RUN:-/run/starlight-podman}
SOCKET=$RUN/podman.sock
PIDFILE=$RUN/podman.pid
LOGFILE=$RUN/podman.log
BASE_IMAGE=localhost/starlight/base:latest
install -d -m 0755 "$RUN"
svc_lock "$RUN" podman-up/-down

missing=()
for p in podman runc catatonit busybox-static curl; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  log "installing ${missing[*]}"
  svc_apt_install "${missing[@]}"
fi

install -d -m 0755 /etc/containers/containers.conf.d
conf=/etc/containers/containers.conf.d/50-starlight.conf
cat >"$conf.tmp" <<'EOF'
# written by Starlight's scripts/services/podman-up.sh
[containers]
default_ulimits = ["nofile=1024:1024", "nproc=1024:1024"]

[engine]
runtime = "runc"
EOF
mv "$conf.tmp" "$conf"

if ! podman image exists "$BASE_IMAGE"; then
  log "building $BASE_IMAGE from busybox-static"
  root=$(mktemp -d)
  trap 'rm -rf "$root"' EXIT
  install -d "$root/bin" "$root/etc" "$root/tmp" "$root/root" "$root/www"
  chmod 1777 "$root/tmp"
  cp /bin/busybox "$root/bin/busybox"
  for applet in $("$root/bin/busybox" --list); do [ -e "$root/bin/$applet" ] || ln -s busybox "$root/bin/$applet"; done
  printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/:/bin/false\n' >"$root/etc/passwd"
  printf 'root:x:0:\nnobody:x:65534:\n' >"$root/etc/group"
  tar -C "$root" -c . | podman import --change 'CMD ["/bin/sh"]' --change 'ENV PATH=/bin' - "$BASE_IMAGE" >&2
  rm -rf "$root"
  trap - EXIT
fi

if pid=$(svc_owned_pid "$PIDFILE" /usr/bin/podman "$SOCKET"); then
  log "podman service already running (pid $pid)"
else
  rm -f "$SOCKET"
  log "starting podman system service on $SOCKET"
  # fd 9 (the lock) is closed for the service, or it would hold the lock as long as it runs
  setsid /usr/bin/podman system service --time=0 "unix://$SOCKET" >>"$LOGFILE" 2>&1 </dev/null 9>&- &
  echo $! >"$PIDFILE"
  for _ in $(seq 1 100); do
    curl -sf --max-time 2 --unix-socket "$SOCKET" http://d/v4.0.0/libpod/_ping >/dev/null 2>&1 && break
    sleep 0.1
  done
  curl -sf --max-time 2 --unix-socket "$SOCKET" http://d/v4.0.0/libpod/_ping >/dev/null || { tail -20 "$LOGFILE" >&2; die "podman service did not answer on $SOCKET"; }
fi
chmod 0600 "$SOCKET"
log "podman $(podman --version | awk '{print $3}') ready on $SOCKET ($(podman run --rm "$BASE_IMAGE" echo base image runs))"
echo "export STARLIGHT_TEST_PODMAN_SOCKET=$SOCKET STARLIGHT_TEST_PODMAN_IMAGE=$BASE_IMAGE"
