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
