#!/usr/bin/env bash
# cwl-up.sh: the workflow engines of the application center (issue 10), from Debian (root).
#
#   bash scripts/services/cwl-up.sh    # prints nothing on stdout; idempotent
#
# cwltool runs app validation (`cwltool --validate`, inside bubblewrap) and runs on the embedded `local` cluster; toil
# (`toil-cwl-runner --batchSystem slurm`) runs them on Slurm. On this single-node test cluster the login
# node and the compute node are this host, so one install serves both. Nothing is started.
set -Eeuo pipefail

# shellcheck source=lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh" cwl-up
[ "$(id -u)" = 0 ] || die "run as root (apt-get needs it)"

# bubblewrap: the sandbox `cwltool --validate` runs in (apps/server/src/drivers/workflows/sandbox.ts)
svc_apt_install cwltool toil bubblewrap
cwltool --version >&2
toil-cwl-runner --version >&2 || true
bwrap --version >&2
