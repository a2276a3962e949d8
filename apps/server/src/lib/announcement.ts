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
