/** A framed block for the few start-up notices a person must not miss. */
export function boxed(lines: readonly string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const edge = `+${'-'.repeat(width + 2)}+`;
  return [edge, ...lines.map((line) => `| ${line.padEnd(width)} |`), edge, ''].join('\n');
}

export function adminAnnouncement(url: string, admin: { userName: string; password: string; passwordFromConfig: boolean }): string {
  return boxed([
    'Starlight: first platform administrator created',
    '',
    `  sign in at  ${url}/login`,
    `  user name   ${admin.userName}`,
    `  password    ${admin.passwordFromConfig ? '(the value of STARLIGHT_INITIAL_ADMIN_PASSWORD)' : admin.password}`,
    '',
    'This password is shown only once. Change it after signing in.',
  ]);
}

export function demoAnnouncement(url: string, demo: { created: { userName: string; password: string }[]; passwordFromConfig: boolean }): string {
  return boxed([
    `Starlight demo data created; sign in at ${url}/login`,
    '',
    ...demo.created.map(({ userName, password }) =>
      `  ${userName.padEnd(14)} ${demo.passwordFromConfig ? '(STARLIGHT_DEMO_PASSWORD)' : password}`,
    ),
    '',
    'These passwords are shown only once.',
  ]);
}

/**
 * Printed at every start when the server is not root: the embedded `local` cluster cannot give each
 * account its own Unix user, so it is not granted to anyone by default.
 */
export function sharedLocalAnnouncement(serverUser: string): string {
  return boxed([
    'Starlight: the embedded "local" cluster is NOT isolated',
    '',
    `The server runs as ${serverUser}, not root, so it cannot run each account's jobs as the`,
    "account's own Unix user: every local job would run as this server's user and could read",
    "every other account's files and the database. The local cluster is therefore not granted",
    'to groups by default. Run the server as root to isolate accounts, or grant the local',
    "cluster's partitions explicitly (cluster-partition quotas) accepting that risk, e.g. on a",
    'single-user install.',
  ]);
}

/** Logged at start when the data directory sits below a folder job users cannot pass through. */
export function closedPathWarning(dataDir: string, closed: readonly string[]): string {
  return (
    `local jobs cannot reach their homes by path: the data directory ${dataDir} lies below ${closed.join(', ')}, ` +
    'which other users cannot pass through; local jobs run as their own Unix users and need o+x there (chmod o+x) ' +
    'or a data directory elsewhere (STARLIGHT_DATA_DIR)'
  );
}

/** Root without the right to make PID namespaces (an unprivileged container): local jobs see the host's processes. */
export const sharedPidsWarning =
  'local jobs cannot get a PID namespace of their own here (`unshare --pid --fork --mount-proc` failed: root needs ' +
  "CAP_SYS_ADMIN, and util-linux): they still run as their own Unix users, but `ps` in a job shows every process's " +
  'command line on the host; give the server that capability (e.g. a privileged container) to hide them';

/** Node versions Starlight supports (README "Node versions"; package.json engines: >=20.19). */
export const nodeSupport = { minimum: '20.19', recommendedMajor: 22 } as const;

/**
 * One line on a Node older than the recommended LTS: it runs, but Node 20 is past its end of life and
 * oidc-provider (single sign-on) supports only Node 22 LTS or later. Null on Node 22 and later.
 */
export function runtimeNotice(version: string = process.versions.node): string | null {
  const major = Number(version.split('.')[0]);
  if (major >= nodeSupport.recommendedMajor) return null;
  return (
    `Note: Node.js ${version} is supported (${nodeSupport.minimum} or later) but past its end of life; ` +
    `use Node.js ${nodeSupport.recommendedMajor} LTS or later in production (README, "Node versions").\n`
  );
}

/**
 * What a start prints, in order: the runtime note, the one-time notices (first admin, demo users),
 * the details, and last the address to open, so it is the line a person sees at the bottom.
 */
export function startBanner({ url, basePath, database, notices, runtime }: {
  url: string;
  basePath: string;
  database: string;
  notices: readonly string[];
  runtime: string | null;
}): string {
  return [
    runtime ?? '',
    ...notices,
    `\n  API ${url}${basePath} · health ${url}${basePath}/health · database: ${database}\n`,
    `Starlight is running at ${url}\n`,
  ].join('');
}
