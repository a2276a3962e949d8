// Starts the built server for the e2e run on a fresh PGlite folder, with the demo seed, and removes it on exit.
// `--slurm`: a second server (port STARLIGHT_E2E_PORT + 1, default 18082, its own folder) for slurm.spec.ts, which registers the real Slurm cluster.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
const slurm = process.argv.includes('--slurm');
const basePort = Number(process.env.STARLIGHT_E2E_PORT ?? 18081);
const dataDir = mkdtempSync(path.join(tmpdir(), slurm ? 'starlight-e2e-slurm-' : 'starlight-e2e-'));
const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js'), '--demo'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    STARLIGHT_HOST: '127.0.0.1',
    STARLIGHT_PORT: String(slurm ? basePort + 1 : basePort),
    STARLIGHT_DATA_DIR: dataDir,
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
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
