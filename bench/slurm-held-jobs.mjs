// Held jobs in the real Slurm for the benchmarks: bring the services up, seed jobs that never run, cancel
// them and wait until slurmctld has purged their records. Commands get argument arrays, never shell strings.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { root } from './lib.mjs';

export const run = promisify(execFile);
export const jobName = 'starlight-bench';
export const countLines = (stdout) => (stdout ? stdout.trimEnd().split('\n').length : 0);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const exportsOf = (stdout) =>
  Object.fromEntries([...stdout.matchAll(/^export (.*)$/gm)].flatMap((m) => m[1].split(' ').map((kv) => kv.split('=')).map(([k, ...v]) => [k, v.join('=').replace(/^'|'$/g, '')])));

/** Runs one of scripts/services/*-up.sh and returns the variables it exports. */
export async function servicesUp(script, extraEnv = {}) {
  const t0 = performance.now();
  const { stdout } = await run('bash', [path.join(root, 'scripts/services', script)], { env: { ...process.env, ...extraEnv }, timeout: 300_000, maxBuffer: 1 << 20 });
  return { vars: exportsOf(stdout), ms: performance.now() - t0 };
}

export async function ensureAssociations(accounts) {
  for (const { account } of accounts) {
    await run('id', [account]); // created by sshd-up.sh (STARLIGHT_SSHD_USERS)
    const assoc = await run('sacctmgr', ['-n', '-P', 'show', 'assoc', 'where', `user=${account}`, 'format=user']);
    if (!assoc.stdout.trim()) await run('sacctmgr', ['-i', 'add', 'user', account, 'Account=research']);
  }
}

export const squeueAll = () => run('squeue', ['--all', '-h', '-o', '%i %u %T %j'], { maxBuffer: 64 << 20, timeout: 60_000 });

export async function heldJobsBy(account) {
  const { stdout } = await run('squeue', ['-h', '-t', 'PD', '-u', account, '-n', jobName, '-o', '%i'], { maxBuffer: 16 << 20 });
  return countLines(stdout);
}

/** Held (never runs), one minute limit, output nowhere. */
export const submitHeld = (account) =>
  run('sbatch', ['--uid', account, '--gid', account, '--hold', '--parsable', '-p', 'debug', '-t', '1', '-J', jobName, '-D', `/home/${account}`, '-o', '/dev/null', '--wrap', 'true'], { timeout: 60_000 });

/** Tops the held jobs up to `target`, split by each account's share; reuses what an earlier run left. */
export async function seedHeldJobs(accounts, target, maxJobs) {
  const before = countLines((await squeueAll()).stdout);
  const missing = [];
  for (const a of accounts) {
    const have = await heldJobsBy(a.account);
    const want = Math.ceil(target * a.share);
    for (let i = have; i < want; i++) missing.push(a.account);
    console.log(`  ${a.account}: ${have} held ${jobName} jobs already queued, ${Math.max(0, want - have)} to submit`);
  }
  if (missing.length === 0) return { before, submitted: 0, ms: 0 };
  if (before + missing.length > maxJobs) throw new Error(`Slurm already holds ${before} jobs: ${missing.length} more would pass MaxJobCount ${maxJobs}`);
  const t0 = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < missing.length) await submitHeld(missing[next++]);
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return { before, submitted: missing.length, ms: performance.now() - t0 };
}

/**
 * Cancels the held jobs, then waits until slurmctld purged their records (MinJobAge, lowered while the bench
 * runs), so a Slurm restarted with the default MaxJobCount right after (a CI run) is not refused with EAGAIN.
 */
export async function cancelHeldJobs(accounts) {
  const t0 = performance.now();
  for (const { account } of accounts) await run('scancel', ['--user', account, '--name', jobName, '--state', 'PENDING'], { timeout: 300_000 });
  let left = 0;
  for (let i = 0; i < 100; i++) {
    left = (await Promise.all(accounts.map((a) => heldJobsBy(a.account)))).reduce((x, y) => x + y, 0);
    if (left === 0) break;
    await sleep(300);
  }
  const cancelMs = performance.now() - t0;
  const t1 = performance.now();
  let records = Infinity;
  for (let i = 0; i < 60 && records > 500; i++) {
    records = countLines((await run('squeue', ['-h', '-t', 'all', '-o', '%i'], { maxBuffer: 64 << 20 })).stdout);
    if (records > 500) await sleep(2000);
  }
  return { cancelMs, left, purgeMs: performance.now() - t1, records };
}
