import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindReplies } from '@starlight/contract/hpc';
import type { Session } from '@starlight/contract/interactive';
import { demoPassword, login, startTestApp, stopTestApp, type TestApp } from './helpers';
import { bindOverSocket, call } from './hpc-helpers';

/*
 * Issue 14, an app's own form fields reach the launch script only as environment variables (`SL_FIELD_<NAME>`):
 * a value full of shell syntax arrives verbatim in the real job's environment (read from /proc as root) and in
 * its output, and runs nothing. Then relaunch repeats the previous parameters. Embedded `local` scheduler, root.
 */
const hasJupyter = existsSync('/usr/bin/jupyter-notebook');
if (!hasJupyter) {
  if (process.env.CI === 'true') throw new Error('interactive-fields.engine.test.ts needs jupyter-notebook (scripts/services/interactive-up.sh)');
  console.warn('interactive-fields.engine.test.ts skipped: jupyter-notebook is not installed');
}
const root = process.getuid?.() === 0;
if (!root) console.warn('interactive-fields.engine.test.ts skipped: not root, so the local cluster is granted to nobody');

/** The environments of the processes of this session's job (the script, then Jupyter it execs), as root reads them. */
function jobEnvironments(sessionId: string): Map<string, string>[] {
  const found: Map<string, string>[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let raw: string;
    try {
      raw = readFileSync(`/proc/${pid}/environ`, 'latin1');
    } catch {
      continue; // gone, or a kernel thread
    }
    const vars = raw.split('\0').filter(Boolean);
    if (!vars.includes(`SL_SESSION_ID=${sessionId}`)) continue;
    found.push(new Map(vars.map((v) => [v.slice(0, v.indexOf('=')), v.slice(v.indexOf('=') + 1)])));
  }
  return found;
}

describe.runIf(hasJupyter && root)("an interactive app's own fields, as the job's environment only", () => {
  let t: TestApp;
  let dataDir: string;
  let alice: string; // demo-user, binds lab_demo_user
  const launched: string[] = [];
  const marker = path.join(os.tmpdir(), `sl-fields-pwned-${process.pid}`);
  // shell syntax of every kind: command substitution, a separator, both quotes, backquotes, a glob, a variable
  const hostile = `/opt/lib $(id) ; touch ${marker} 'single' "double" \`touch ${marker}\` * $HOME && echo pwned`;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-session-fields-'));
    t = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'warn' } });
    alice = await login(t.app, 'demo-user', demoPassword);
    expect(await bindOverSocket(t.app, alice, 'lab_demo_user')).toBe(bindReplies.bound);
  }, 180_000);
  afterAll(async () => {
    for (const id of launched) await call(t.app, 'DELETE', `/session/${id}`, alice).catch(() => undefined);
    await stopTestApp(t);
    await rm(dataDir, { recursive: true, force: true });
    await rm(marker, { force: true });
  });

  /** Waits until the job's process carries the session's environment, and its stdout has the field's line. */
  async function started(id: string): Promise<{ envs: Map<string, string>[]; jupyter: Map<string, string>; stdout: string }> {
    for (let i = 0; i < 120; i++) {
      const envs = jobEnvironments(id);
      // Jupyter, exec'd by the script: its environ is the one the script exported
      const jupyter = envs.find((env) => env.has('JUPYTER_TOKEN'));
      const output = await call<{ stdout: string | null }>(t.app, 'GET', `/session/${id}/output`, alice);
      const stdout = output.spec?.stdout ?? '';
      if (jupyter && stdout.includes('starlight: Jupyter on')) return { envs, jupyter, stdout };
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`session ${id}: no job process or output`);
  }

  it('hands a value with $(…), ;, quotes and backquotes to the job verbatim as SL_FIELD_PYTHON_PATH, and runs none of it', async () => {
    // a newline (or any control character) is refused before anything is submitted
    const newline = await call(t.app, 'POST', '/session/sessions', alice, { app: 'jupyter', partition: 'local', fields: { python_path: `/opt/lib\ntouch ${marker}` } });
    expect(newline.code).toBe(1400);
    expect((newline.spec as { fields: { path: string }[] }).fields.map((f) => f.path)).toEqual(['body.fields.python_path']);

    const session = await call<Session>(t.app, 'POST', '/session/sessions', alice, { app: 'jupyter', partition: 'local', cpus: 1, memory_mb: 256, hours: 0.5, fields: { python_path: hostile } });
    expect(session.code, session.info).toBe(200);
    launched.push(session.spec.id);
    expect(session.spec.fields).toEqual({ python_path: hostile });
    const { envs, jupyter, stdout } = await started(session.spec.id);
    for (const env of envs) expect(env.get('SL_FIELD_PYTHON_PATH')).toBe(hostile);
    expect(jupyter.get('PYTHONPATH')?.startsWith(hostile)).toBe(true);
    // the job's own output prints it as data: nothing was substituted, expanded or run
    expect(stdout).toContain(`starlight: extra Python module path: ${hostile}\n`);
    expect(stdout).not.toMatch(/uid=\d+/);
    expect(stdout).not.toContain('\npwned');
    expect(existsSync(marker)).toBe(false);
  }, 120_000);

  it('relaunches with the previous parameters, the fields included', async () => {
    const previous = launched[0]!;
    const again = await call<Session>(t.app, 'POST', `/session/${previous}/relaunch`, alice);
    expect(again.code, again.info).toBe(200);
    launched.push(again.spec.id);
    expect(again.spec.id).not.toBe(previous);
    expect(again.spec).toMatchObject({ app: 'jupyter', cluster: 'local', partition: 'local', cpus: 1, memory_mb: 256, hours: 0.5, fields: { python_path: hostile } });
    const { jupyter } = await started(again.spec.id);
    expect(jupyter.get('SL_FIELD_PYTHON_PATH')).toBe(hostile);
    expect(existsSync(marker)).toBe(false);
    // the first session is untouched by the relaunch
    expect((await call<Session>(t.app, 'GET', `/session/${previous}`, alice)).spec.state).not.toBe('completed');
  }, 120_000);
});
