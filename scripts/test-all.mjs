#!/usr/bin/env node
// Runs every suite (checks, contract, server on PGlite and on PostgreSQL, web units, browser end to end)
// and prints their sum as the last line: `N passed, N failed, N skipped`.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureInstalled } from './start-steps.mjs';
import { missingServices, servicesUpCommand } from './test-kit/services.mjs';

const root = path.resolve(import.meta.dirname, '..');
const out = mkdtempSync(path.join(tmpdir(), 'starlight-test-'));
const ci = process.env.CI === 'true';
const only = process.argv.slice(2);
const results = [];

function run(cmd, args, opts = {}) {
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts, env: { ...process.env, ...opts.env } });
  return { status: r.status ?? 1, seconds: (Date.now() - started) / 1000 };
}

/** A check (lint, types, build) counts as one test. */
function check(name, cmd, args, opts) {
  console.log(`\n=== ${name} ===`);
  const { status, seconds } = run(cmd, args, opts);
  results.push({ name, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, skipped: 0, seconds });
  return status === 0;
}

/**
 * Runs a command with its output in a file, printed whole when it ends, so suites can run side by side
 * (the server passes and the web units mostly wait on real services and child processes, not the CPU).
 */
function runBuffered(name, cmd, args, opts = {}) {
  const started = Date.now();
  const logFile = path.join(out, `${name.replace(/\W+/g, '-')}.log`);
  return new Promise((resolve) => {
    const log = createWriteStream(logFile);
    const child = spawn(cmd, args, { cwd: root, ...opts, env: { ...process.env, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', (code) => {
      log.end(() => {
        console.log(`\n=== ${name} ===`);
        process.stdout.write(readFileSync(logFile));
        resolve({ status: code ?? 1, seconds: (Date.now() - started) / 1000 });
      });
    });
  });
}

async function vitest(name, dir, env = {}, filters = []) {
  const file = path.join(out, `${name.replace(/\W+/g, '-')}.json`);
  const { status, seconds } = await runBuffered(name, 'npx', ['vitest', 'run', ...filters, '--reporter=default', '--reporter=json', `--outputFile=${file}`], {
    cwd: path.join(root, dir),
    env,
  });
  let r = { passed: 0, failed: status === 0 ? 0 : 1, skipped: 0 };
  if (existsSync(file)) {
    const j = JSON.parse(readFileSync(file, 'utf8'));
    r = { passed: j.numPassedTests, failed: j.numFailedTests, skipped: j.numPendingTests + (j.numTodoTests ?? 0) };
    // a suite file that failed to load counts as a failure even with no test inside it
    if (status !== 0 && r.failed === 0) r.failed = 1;
  }
  results.push({ name, ...r, seconds });
}

function playwright(name, dir) {
  console.log(`\n=== ${name} ===`);
  const file = path.join(out, 'e2e.json');
  const { status, seconds } = run('npx', ['playwright', 'test', '--reporter=list,json'], {
    cwd: path.join(root, dir),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  let r = { passed: 0, failed: status === 0 ? 0 : 1, skipped: 0 };
  if (existsSync(file)) {
    const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
    r = { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0, skipped: s.skipped ?? 0 };
    if (status !== 0 && r.failed === 0) r.failed = 1;
  }
  results.push({ name, ...r, seconds });
}

function skipped(name, reason) {
  console.log(`\n=== ${name} === ${ci ? 'FAILED (CI=true)' : 'skipped'}: ${reason}`);
  results.push({ name, passed: 0, failed: ci ? 1 : 0, skipped: ci ? 0 : 1, seconds: 0 });
}

const want = (name) => only.length === 0 || only.some((o) => name.startsWith(o));

// A fresh clone: install what is missing, as `npm start` does (quiet, the output in .starlight/start.log).
await ensureInstalled(root);

// The real services the suites use (scripts/test-kit/services.mjs): each one missing is one line, skipped
// here and failed under CI=true; the suites' own tests that need it skip (or fail under CI) likewise.
const missing = missingServices();
for (const service of missing) skipped(`service: ${service.name}`, `${service.needs} missing, needed by ${service.for}; bring it up: ${servicesUpCommand}`);
const chromiumMissing = missing.some((service) => service.name === 'Chromium');

/** A check (lint, types) counts as one test; these run side by side too. */
async function checkBuffered(name, cmd, args) {
  const { status, seconds } = await runBuffered(name, cmd, args);
  results.push({ name, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, skipped: 0, seconds });
}

// Static checks and the contract units, side by side.
await Promise.all([
  want('lint') && checkBuffered('lint', 'npx', ['eslint', '.', '--max-warnings=0']),
  want('typecheck') && checkBuffered('typecheck', 'npm', ['run', 'typecheck', '--silent']),
  want('lint-rules') && vitest('lint-rules', 'eslint'),
  want('contract') && vitest('contract', 'packages/contract'),
]);

// The server on PGlite, the server on PostgreSQL and the web units, side by side. Vitest's default is one
// worker per run on two cores, and these suites mostly wait on real services and child processes, so the
// PGlite pass (the longest) gets two. The real-Slurm suites take a lock (test/hpc-helpers.ts), so no two of
// them drive Slurm at the same moment; engine tests (*.engine.test.ts) run in the PGlite pass only.
const pgLane = async () => {
  if (!want('server-pg')) return;
  // the API and service tests again, each file on its own fresh PostgreSQL database
  if (process.env.STARLIGHT_TEST_PG)
    await vitest('server (PostgreSQL)', 'apps/server', {}, ['test/', 'src/modules/', 'src/config.test.ts', '--exclude', '**/*.engine.test.ts']);
  else skipped('server (PostgreSQL)', `STARLIGHT_TEST_PG is not set; bring PostgreSQL up: ${servicesUpCommand}`);
};
await Promise.all([
  want('server') && vitest('server (PGlite)', 'apps/server', { STARLIGHT_TEST_PG: '' }, ['--maxWorkers=2']),
  pgLane(),
  want('web') && vitest('web', 'apps/web'),
]);

// The browser journeys last, alone: the real Slurm's accounts are theirs then.
if (want('e2e')) {
  if (check('build', 'npm', ['run', 'build', '--silent'])) {
    // `npm start` on the fresh build: quiet, the address last (scripts/start.test.mjs)
    check('start', process.execPath, ['--test', 'scripts/start.test.mjs', 'scripts/test-kit/services.test.mjs']);
    if (chromiumMissing) skipped('e2e (Chromium)', `no Chromium; bring it up: ${servicesUpCommand}`);
    else playwright('e2e (Chromium)', 'apps/web');
  } else results.push({ name: 'e2e (Chromium)', passed: 0, failed: 1, skipped: 0, seconds: 0 });
}

// `.ci/run`'s first step, `npm start` on a fresh clone (scripts/fresh-start.mjs), wrote its result here: it
// counts in the sum like any suite (a step that left no readable result failed)
const freshStart = process.env.STARLIGHT_FRESH_START_RESULT;
if (freshStart) results.unshift(readFreshStart(freshStart));

function readFreshStart(file) {
  const name = 'fresh clone: npm start';
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    if (![r.passed, r.failed, r.seconds].every(Number.isFinite)) throw new Error('not a result');
    return { name, passed: r.passed, failed: r.failed, skipped: 0, seconds: r.seconds };
  } catch (error) {
    console.log(`\n=== ${name} === no result in ${file} (${error.message})`);
    return { name, passed: 0, failed: 1, skipped: 0, seconds: 0 };
  }
}

const sum = results.reduce((a, r) => ({ passed: a.passed + r.passed, failed: a.failed + r.failed, skipped: a.skipped + r.skipped }), { passed: 0, failed: 0, skipped: 0 });
console.log('\nsuite                     passed failed skipped   seconds');
for (const r of results) console.log(`${r.name.padEnd(26)}${String(r.passed).padStart(6)}${String(r.failed).padStart(7)}${String(r.skipped).padStart(8)}${r.seconds.toFixed(1).padStart(10)}`);
console.log(`${sum.passed} passed, ${sum.failed} failed${sum.skipped ? `, ${sum.skipped} skipped` : ''}`);
process.exit(sum.failed > 0 ? 1 : 0);
