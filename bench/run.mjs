// Runs every benchmark in turn (not tests: they print ratios and never gate CI).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const registryMissing = ['/usr/bin/docker-registry', '/usr/bin/skopeo'].filter((file) => !existsSync(file));

const benches = [
  // start-up on a new data directory and on a restart vs a bare Fastify hello-world (about 2 minutes)
  { file: 'start.mjs' },
  // RSS per phase: idle, a 100,000-entry directory, 200 connections, 60 s after (PGlite; PostgreSQL with BENCH_PG; ~2 minutes each)
  { file: 'memory.mjs' },
  { file: 'perm-throughput.mjs' },
  { file: 'tail-latency.mjs' },
  // 100,000 files, a 2 GiB upload and a resume (about 1 minute; needs ~5 GiB free in the temp dir)
  { file: 'storage.mjs' },
  // the designer with 200 vs 10 steps in headless Chromium (open time, drag frame rate; about 1 minute)
  { file: 'designer.mjs' },
  // a one-step app through the console vs cwltool directly (about 1 minute; as root, with cwltool)
  { file: 'apps.mjs' },
  // one Jupyter session through the console's proxy vs directly (about 3 minutes; root and jupyter-notebook)
  { file: 'interactive-proxy.mjs', skip: process.getuid?.() !== 0 ? 'not root (the local cluster runs jobs as per-account Unix users)' : null },
  // the image hub: 1,000 × 20 listing and a 500 MB push, through the console vs the registry (~5 minutes, ~2 GiB in the temp dir)
  {
    file: 'images.mjs',
    skip: registryMissing.length > 0 ? `${registryMissing.join(' and ')} not installed (sudo bash scripts/services/registry-up.sh, or apt-get install docker-registry skopeo)` : null,
  },
  // the resource report over 1 year × 50 partitions × 5,000 users from daily rows vs a raw GROUP BY (PGlite, and PostgreSQL when STARLIGHT_TEST_PG is set; a few minutes)
  { file: 'statistics.mjs' },
  // the bell's unread count at 100,000 messages vs a raw count, and a template sent to 10,000 users (PostgreSQL, about 1 minute)
  { file: 'messages.mjs', skip: process.env.STARLIGHT_TEST_PG ? null : 'STARLIGHT_TEST_PG is not set (source /tmp/services.env)' },
  // the real Slurm with 10,000 jobs (about 5 minutes, as root): only where slurm-up.sh's env is loaded
  { file: 'job-list.mjs', skip: process.env.SLURMRESTD_URL ? null : 'SLURMRESTD_URL is not set (eval "$(sudo bash scripts/services/slurm-up.sh)")' },
  // 10,000 finished jobs in slurmdbd read by the console, a community report over a year, next to sacct (about 2 minutes, as root)
  { file: 'fees.mjs', skip: process.env.SLURMRESTD_URL ? null : 'SLURMRESTD_URL is not set (eval "$(sudo bash scripts/services/slurm-up.sh)")' },
];
for (const { file: b, skip } of benches) {
  console.log(`\n=== ${b} ===`);
  if (skip) {
    console.log(`skipped: ${skip}`);
    continue;
  }
  // `npm run bench -- --port N`: every bench's server on that port
  spawnSync(process.execPath, [path.join(import.meta.dirname, b), ...process.argv.slice(2)], { stdio: 'inherit' });
}
