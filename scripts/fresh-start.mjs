#!/usr/bin/env node
// The README's first command on a fresh clone, as a new user runs it (the first step of .ci/run): the
// checked-out commit is cloned into a temporary folder (no node_modules, no dist, no data), `npm start` runs
// there until the address it prints answers /api/health and serves the login page with its scripts, then it
// is stopped by its pid and the folder removed. Node built-ins only: it runs before anything is installed.
//
//   node scripts/fresh-start.mjs [--result FILE] [--commit REV]   (REV: default HEAD)
//   STARLIGHT_FRESH_START_PORT  the console's port (default 0: one the kernel picks; the printed address says it)
//   STARLIGHT_FRESH_START_TIMEOUT_S  how long install + build + start may take (default 1800)
//
// The result is one suite for scripts/test-all.mjs: `{ name, passed, failed, skipped, seconds, detail }`,
// written to FILE (test-all reads it from STARLIGHT_FRESH_START_RESULT) and printed as the last line.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const resultFile = argv.includes('--result') ? argv[argv.indexOf('--result') + 1] : null;
const commitArg = argv.includes('--commit') ? argv[argv.indexOf('--commit') + 1] : 'HEAD';
const port = process.env.STARLIGHT_FRESH_START_PORT ?? '0';
const timeoutMs = Number(process.env.STARLIGHT_FRESH_START_TIMEOUT_S ?? 1800) * 1000;
const say = (message) => console.log(`[fresh start] ${message}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it returns a value other than undefined, or throws after `ms`. */
async function until(what, ms, check) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${Math.round(ms / 1000)} s`);
    await sleep(250);
  }
}

/** The login page and every script and stylesheet it names, fetched as a browser would. */
async function checkLoginPage(url) {
  const page = await fetch(`${url}/login`, { headers: { accept: 'text/html' } });
  const html = await page.text();
  if (page.status !== 200 || !/<div id="root">/.test(html)) throw new Error(`GET /login answered ${page.status} without the app's root element`);
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  if (assets.length === 0) throw new Error('the login page names no built script');
  for (const asset of assets) {
    const res = await fetch(`${url}${asset}`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET ${asset} answered ${res.status}`);
  }
  return assets.length;
}

async function freshStart(dir) {
  const commit = execFileSync('git', ['-C', root, 'rev-parse', '--verify', `${commitArg}^{commit}`], { encoding: 'utf8' }).trim();
  const clone = path.join(dir, 'starlight');
  execFileSync('git', ['clone', '--quiet', '--no-checkout', root, clone], { stdio: ['ignore', 'inherit', 'inherit'] });
  execFileSync('git', ['-C', clone, 'checkout', '--quiet', '--detach', commit], { stdio: ['ignore', 'inherit', 'inherit'] });
  say(`cloned ${commit.slice(0, 12)} into ${clone}; npm start…`);
  // the embedded defaults, whatever the calling shell has set for the tests
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('STARLIGHT_')));
  const child = spawn('npm', ['start'], {
    cwd: clone,
    env: { ...env, STARLIGHT_HOST: '127.0.0.1', STARLIGHT_PORT: port, STARLIGHT_SESSION_PORT: '0', STARLIGHT_DATA_DIR: path.join(dir, 'data') },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: npm, start.mjs and the server are stopped together
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const started = Date.now();
  try {
    const url = await until('the address', timeoutMs, () => {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode} before printing the address`);
      return /Starlight is running at (\S+)\n/.exec(output)?.[1];
    });
    const readyAfter = (Date.now() - started) / 1000;
    await until('/api/health', 60_000, async () => {
      const res = await fetch(`${url}/api/health`).catch(() => null);
      return res?.ok ? true : undefined;
    });
    const assets = await checkLoginPage(url);
    return { readyAfter, detail: `${url}: /api/health and the login page (${assets} scripts and styles) answered ${readyAfter.toFixed(0)} s after npm start` };
  } catch (error) {
    throw new Error(`${error.message}\n--- npm start printed ---\n${output.trimEnd()}\n---`);
  } finally {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    await Promise.race([exited, sleep(15_000)]);
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* stopped */
    }
  }
}

const started = Date.now();
const dir = mkdtempSync(path.join(tmpdir(), 'starlight-fresh-'));
let result;
try {
  const { detail } = await freshStart(dir);
  result = { passed: 1, failed: 0, detail };
} catch (error) {
  result = { passed: 0, failed: 1, detail: error instanceof Error ? error.message : String(error) };
} finally {
  rmSync(dir, { recursive: true, force: true });
}
result = { name: 'fresh clone: npm start', ...result, skipped: 0, seconds: (Date.now() - started) / 1000 };
say(`${result.failed ? 'FAILED' : 'passed'} in ${result.seconds.toFixed(0)} s: ${result.detail}`);
if (resultFile) writeFileSync(resultFile, JSON.stringify(result));
process.exit(result.failed ? 1 : 0);
