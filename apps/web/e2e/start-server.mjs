// Starts the built server for the e2e run on a fresh PGlite folder, with the demo seed, and removes it on exit.
// `--slurm`: a second server (port STARLIGHT_E2E_PORT + 1, default 18082, its own folder) for slurm.spec.ts, which registers the real Slurm cluster.
// `--second` / `--third`: the embedded-default servers of the `default-2` / `default-3` projects (ports STARLIGHT_E2E_PORT + 5 / + 6, their own folders).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { removeUnixUsers, spawnServer } from './server-process.mjs';

const slurm = process.argv.includes('--slurm');
const second = process.argv.includes('--second');
const third = process.argv.includes('--third');
const basePort = Number(process.env.STARLIGHT_E2E_PORT ?? 18081);
const dataDir = mkdtempSync(path.join(tmpdir(), slurm ? 'starlight-e2e-slurm-' : second ? 'starlight-e2e-2-' : third ? 'starlight-e2e-3-' : 'starlight-e2e-'));
const child = spawnServer({
  port: slurm ? basePort + 1 : second ? basePort + 5 : third ? basePort + 6 : basePort,
  dataDir,
  // node metrics of the local node from the real Prometheus (scripts/services/prometheus-up.sh), when it runs
  // interactive sessions' own listener on a free port (the neighbouring ports are the other projects' servers)
  env: { STARLIGHT_SESSION_PORT: '0', ...(process.env.PROMETHEUS_URL ? { STARLIGHT_PROMETHEUS_URL: process.env.PROMETHEUS_URL } : {}) },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  removeUnixUsers();
  process.exit(code ?? 0);
});
