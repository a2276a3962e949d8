import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * Vitest global setup. Run as root, test apps give every bound account of the embedded cluster a
 * real Unix user (drivers/local-users); this run's users share one random prefix, handed to the test
 * files through the environment, and are all removed (with their groups) when the run ends.
 */
export function setup(): void {
  process.env.STARLIGHT_TEST_UNIX_PREFIX ??= `slt${randomBytes(3).toString('hex')}-`;
}

export function teardown(): void {
  removeUnixUsers(process.env.STARLIGHT_TEST_UNIX_PREFIX ?? '');
}

/** userdel/groupdel of every local user and group whose name starts with `prefix` (a test run's). */
export function removeUnixUsers(prefix: string): void {
  if (!/^slt[0-9a-z]+-$/.test(prefix) || process.getuid?.() !== 0) return;
  const names = (file: string) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.split(':')[0] ?? '')
      .filter((name) => name.startsWith(prefix));
  for (const name of names('/etc/passwd')) execFileSync('userdel', [name], { stdio: 'ignore' });
  for (const name of names('/etc/group')) execFileSync('groupdel', [name], { stdio: 'ignore' });
}
