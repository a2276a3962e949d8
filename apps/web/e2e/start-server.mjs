// Starts the built server for the e2e run on a fresh PGlite folder, with the demo seed, and removes it on exit.
// `--slurm`: a second server (port STARLIGHT_E2E_PORT + 1, default 18082, its own folder) for slurm.spec.ts, which registers the real Slurm cluster.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
const slurm = process.argv.includes('--slurm');
const basePort = Number(process.env.STARLIGHT_E2E_PORT ?? 18081);
const dataDir = mkdtempSync(path.join(tmpdir(), slurm ? 'starlight-e2e-slurm-' : 'starlight-e2e-'));
// run as root, the server gives each bound account a Unix user: this run's share a prefix and go on exit
const unixPrefix = `sle${randomBytes(3).toString('hex')}-`;
const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js'), '--demo'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    STARLIGHT_HOST: '127.0.0.1',
    STARLIGHT_PORT: String(slurm ? basePort + 1 : basePort),
    STARLIGHT_DATA_DIR: dataDir,
    STARLIGHT_LOCAL_USER_PREFIX: unixPrefix,
    STARLIGHT_LOG_LEVEL: 'warn',
    STARLIGHT_INITIAL_ADMIN_PASSWORD: 'E2e-Admin-Pass1',
    STARLIGHT_DEMO_PASSWORD: 'E2e-Demo-Pass1',
    // TEST ONLY: every captcha's answer is this text (honoured only with STARLIGHT_ENV=test); see e2e/env.ts.
    STARLIGHT_ENV: 'test',
    STARLIGHT_CAPTCHA_FIXED_ANSWER: 'e2e4',
    // node metrics of the local node from the real Prometheus (scripts/services/prometheus-up.sh), when it runs
    ...(process.env.PROMETHEUS_URL ? { STARLIGHT_PROMETHEUS_URL: process.env.PROMETHEUS_URL } : {}),
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
function removeUnixUsers() {
  if (process.getuid?.() !== 0) return;
  const names = (file) => readFileSync(file, 'utf8').split('\n').map((line) => line.split(':')[0]).filter((name) => name.startsWith(unixPrefix));
  for (const name of names('/etc/passwd')) execFileSync('userdel', [name], { stdio: 'ignore' });
  for (const name of names('/etc/group')) execFileSync('groupdel', [name], { stdio: 'ignore' });
}
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  removeUnixUsers();
  process.exit(code ?? 0);
});
