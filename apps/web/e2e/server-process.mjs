// The built server as the e2e runs start it (start-server.mjs, start-two-instances.mjs): demo seed, known
// passwords, the fixed captcha answer, logs at warn. `env` adds to or overrides those settings.
import { spawn } from 'node:child_process';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function spawnServer({ port, dataDir, env = {} }) {
  return spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/server.js'), '--demo'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: {
      ...process.env,
      STARLIGHT_HOST: '127.0.0.1',
      STARLIGHT_PORT: String(port),
      STARLIGHT_DATA_DIR: dataDir,
      STARLIGHT_LOG_LEVEL: 'warn',
      STARLIGHT_INITIAL_ADMIN_PASSWORD: 'E2e-Admin-Pass1',
      STARLIGHT_DEMO_PASSWORD: 'E2e-Demo-Pass1',
      // TEST ONLY: every captcha's answer is this text (honoured only with STARLIGHT_ENV=test); see e2e/env.ts.
      STARLIGHT_ENV: 'test',
      STARLIGHT_CAPTCHA_FIXED_ANSWER: 'e2e4',
      ...env,
    },
  });
}
