// `node --test scripts/start.test.mjs` (run by `npm test` after the build): `npm start` is quiet and
// the address to open is the last line it prints.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { runLogged } from './start-steps.mjs';

const root = path.resolve(import.meta.dirname, '..');

test('a step that succeeds writes its output to the log only', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'starlight-start-'));
  const log = path.join(dir, 'start.log');
  const result = await runLogged(process.execPath, ['-e', 'console.log("built 100 modules"); console.error("a warning")'], { cwd: root, log });
  assert.deepEqual(result, { ok: true, status: 0 });
  assert.match(readFileSync(log, 'utf8'), /built 100 modules\na warning/);
  rmSync(dir, { recursive: true });
});

test('a step that fails gives the end of its output, the exit and where the log is', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'starlight-start-'));
  const log = path.join(dir, 'start.log');
  const script = 'for (let i = 1; i <= 100; i++) console.log("line " + i); console.error("error TS2322: broken"); process.exit(2)';
  const result = await runLogged(process.execPath, ['-e', script], { cwd: root, log, tailLines: 5 });
  assert.equal(result.ok, false);
  assert.equal(result.status, 2);
  assert.match(result.failure, /line 100\nerror TS2322: broken\n/);
  assert.doesNotMatch(result.failure, /line 90\n/);
  assert.match(result.failure, new RegExp(`failed \\(exit 2\\); the whole output is in ${log.replace(/[/.]/g, '\\$&')}`));
  rmSync(dir, { recursive: true });
});

test('npm start prints a few lines and the address last, with no oidc-provider runtime warning', { timeout: 600_000 }, async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'starlight-start-data-'));
  // the embedded defaults, whatever the calling shell has set for the tests
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('STARLIGHT_')));
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...env, STARLIGHT_PORT: '0', STARLIGHT_HOST: '127.0.0.1', STARLIGHT_DATA_DIR: dataDir, STARLIGHT_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let shown = ''; // what was printed before the test stops it (its shutdown line is not part of the start)
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    const started = Date.now();
    while (!/Starlight is running at \S+\n/.test(stdout)) {
      assert.ok(child.exitCode === null, `npm start exited early:\n${stdout}\n${stderr}`);
      assert.ok(Date.now() - started < 590_000, 'no address within the time limit');
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, 1500)); // anything printed after the address would show now
    shown = stdout + stderr;
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(shown);
  const lines = shown.trimEnd().split('\n');
  assert.match(lines.at(-1) ?? '', /^Starlight is running at http:\/\/127\.0\.0\.1:\d+$/);
  assert.ok(lines.length <= 30, `npm start printed ${lines.length} lines`);
  assert.match(shown, /first platform administrator created/);
  assert.doesNotMatch(shown, /oidc-provider WARNING/);
  assert.doesNotMatch(shown, /vite|modules transformed|tsup/i);
});
