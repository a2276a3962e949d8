// The built server as the e2e runs start it (start-server.mjs, start-two-instances.mjs): demo seed, known
// passwords, the fixed captcha answer, logs at warn. `env` adds to or overrides those settings.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Run as root, the server gives each bound account a Unix user: this launcher's share a prefix and go on exit. */
export const unixPrefix = `sle${randomBytes(3).toString('hex')}-`;

export function spawnServer({ port, dataDir, env = {} }) {
  return spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/server.js'), '--demo'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: {
      ...process.env,
      STARLIGHT_HOST: '127.0.0.1',
      STARLIGHT_PORT: String(port),
      STARLIGHT_DATA_DIR: dataDir,
      STARLIGHT_LOCAL_USER_PREFIX: unixPrefix,
      STARLIGHT_LOG_LEVEL: 'warn',
      STARLIGHT_INITIAL_ADMIN_PASSWORD: 'E2e-Admin-Pass1',
      STARLIGHT_DEMO_PASSWORD: 'E2e-Demo-Pass1',
      // TEST ONLY: every captcha's answer is this text (honoured only with STARLIGHT_ENV=test); see e2e/env.ts.
      STARLIGHT_ENV: 'test',
      STARLIGHT_CAPTCHA_FIXED_ANSWER: 'e2e4',
      // the interactive sessions' listener on a free port (its default, PORT + 1, is the next e2e server's)
      STARLIGHT_SESSION_PORT: '0',
      ...env,
    },
  });
}

/** Removes the Unix users and groups the servers of this launcher created (their names carry `unixPrefix`). */
export function removeUnixUsers() {
  if (process.getuid?.() !== 0) return;
  const names = (file) => readFileSync(file, 'utf8').split('\n').map((line) => line.split(':')[0]).filter((name) => name.startsWith(unixPrefix));
  for (const name of names('/etc/passwd')) execFileSync('userdel', [name], { stdio: 'ignore' });
  for (const name of names('/etc/group')) execFileSync('groupdel', [name], { stdio: 'ignore' });
}
