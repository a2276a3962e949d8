// `node --test scripts/test-kit/services.test.mjs`: npm test names each missing real service on one line with
// the command that brings it up; skipped outside CI, failed under CI=true.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';

const root = path.resolve(import.meta.dirname, '../..');
// no service variables, and a suite filter that runs no suite: only the services' lines and the sum
const bare = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(STARLIGHT_|SLURM|PROMETHEUS|NODE_EXPORTER|CI$)/.test(key)));
const run = (env) => spawnSync(process.execPath, ['scripts/test-all.mjs', 'no-such-suite'], { cwd: root, env: { ...bare, ...env }, encoding: 'utf8' });

test('outside CI a missing service is one skipped line naming services-up.sh', () => {
  const r = run({});
  assert.equal(r.status, 0, r.stdout + r.stderr);
  for (const name of ['PostgreSQL', 'Slurm \\(slurmrestd\\)', 'sshd \\(login node\\)', 'Prometheus'])
    assert.match(r.stdout, new RegExp(`=== service: ${name} === skipped: .*missing, needed by .*; bring it up: .bash scripts/services-up\\.sh. as root`));
  assert.match(r.stdout.trimEnd().split('\n').at(-1), /^0 passed, 0 failed, \d+ skipped$/);
});

test('under CI=true the same lines fail the run', () => {
  const r = run({ CI: 'true' });
  assert.equal(r.status, 1);
  assert.match(r.stdout, /=== service: PostgreSQL === FAILED \(CI=true\): STARLIGHT_TEST_PG missing/);
  assert.match(r.stdout.trimEnd().split('\n').at(-1), /^0 passed, [1-9]\d* failed$/);
});

test('with the services there, no line', () => {
  const r = run({ STARLIGHT_TEST_PG: 'postgres://x@127.0.0.1/x', SLURMRESTD_URL: 'http://127.0.0.1:1', SLURM_JWT_KEY_FILE: '/x', STARLIGHT_TEST_SSH_KEY: '/x', PROMETHEUS_URL: 'http://127.0.0.1:1' });
  assert.doesNotMatch(r.stdout, /service: (PostgreSQL|Slurm|sshd|Prometheus)/);
});
