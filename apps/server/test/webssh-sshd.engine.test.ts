import type WebSocket from 'ws';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { List } from '@starlight/contract/envelope';
import { bindReplies, type Cluster, type Partition } from '@starlight/contract/hpc';
import type { PartitionWebSsh, WebSshServerFrame } from '@starlight/contract/cluster-access';
import { auditEvents } from '../src/db/schema/audit';
import { openSshShell } from '../src/drivers/shell/ssh-shell';
import { runShellSession, type ShellSocket } from '../src/modules/webssh/webssh-session';
import { adminPassword, api, demoPassword, login, startTestApp, stopTestApp, type TestApp } from './helpers';
import { bindOverSocket, call, getUuid, realSlurmSettings, slurmSshEnvNames, holdRealSlurmDuringSuite } from './hpc-helpers';

/*
 * The web shell against the real sshd (127.0.0.1:2222, scripts/services/sshd-up.sh) and Slurm (binding
 * proves control over SFTP). The console logs in AS the bound account with its web shell key.
 */
const run = promisify(execFile);
const env = process.env;
const shellKey = env.STARLIGHT_TEST_SSH_SHELL_KEY ?? (env.STARLIGHT_TEST_SSH_KEY ? path.join(path.dirname(env.STARLIGHT_TEST_SSH_KEY), 'shell_ed25519') : '');
const missing = slurmSshEnvNames.filter((n) => !env[n]);
const reason =
  missing.length > 0 ? `missing ${missing.join(', ')}` : !existsSync(shellKey) ? `no web shell key at ${shellKey} (sshd-up.sh creates it)` : process.getuid?.() !== 0 ? 'not root (chown of the proof file)' : null;
if (reason && env.CI === 'true') throw new Error(`the web shell suite cannot run in CI: ${reason}`);
if (reason) console.warn(`[webssh-sshd] skipped: ${reason}`);

const account = 'sl_alice_lab';
const consoleHeaders = { host: 'console.example.org', origin: 'https://console.example.org' };

async function writeProof(uuid: string): Promise<void> {
  const file = `/home/${account}/.starlight-bind`;
  await writeFile(file, `${uuid}\n`, { mode: 0o600 });
  const [uid, gid] = await Promise.all([run('id', ['-u', account]), run('id', ['-g', account])]);
  await chown(file, Number(uid.stdout.trim()), Number(gid.stdout.trim()));
}

/** A terminal client: collects output, and the text frames the server sends. */
interface Terminal {
  output: () => string;
  frames: WebSshServerFrame[];
  send: (frame: unknown) => void;
  waitFor: (test: () => boolean, ms?: number) => Promise<void>;
  closed: Promise<number>;
}

function terminal(ws: WebSocket): Terminal {
  let out = '';
  const frames: WebSshServerFrame[] = [];
  ws.on('message', ((data: Buffer, isBinary: boolean) => {
    if (isBinary) out += data.toString('utf8');
    else frames.push(JSON.parse(data.toString()) as WebSshServerFrame);
  }) as never);
  const closed = new Promise<number>((resolve) => ws.on('close', ((code: number) => resolve(code)) as never));
  return {
    output: () => out,
    frames,
    send: (frame) => ws.send(JSON.stringify(frame)),
    closed,
    async waitFor(test, ms = 15_000) {
      const until = Date.now() + ms;
      while (!test()) {
        if (Date.now() > until) throw new Error(`timed out; output so far: ${JSON.stringify(out.slice(-400))}, frames: ${JSON.stringify(frames)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

describe.skipIf(reason !== null)('the web shell on the real sshd, as the bound account', { timeout: 60_000 }, () => {
  holdRealSlurmDuringSuite();
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let alice: string;
  let debug: Partition;

  beforeAll(async () => {
    await rm(`/home/${account}/.starlight-bind`, { force: true });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-webssh-'));
    t = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'warn' } });
    [admin, alice] = await Promise.all([login(t.app, 'admin', adminPassword), login(t.app, 'demo-user', demoPassword)]);
    const created = await call<Cluster>(t.app, 'POST', '/kcluster/cluster', admin, {
      name: 'devcluster',
      driver: 'slurm',
      settings: realSlurmSettings({ shell_key_file: shellKey }),
    });
    expect(created.code).toBe(200);
    const uuid = await getUuid(t.app, alice);
    await writeProof(uuid);
    expect(await bindOverSocket(t.app, alice, account, uuid)).toBe(bindReplies.bound);
    alice = await login(t.app, 'demo-user', demoPassword); // the new session carries binded_account
    const partitions = (await call<List<Partition>>(t.app, 'GET', '/kcluster/partitions?field_eq_cluster_name=devcluster', admin)).spec.list;
    debug = partitions.find((p) => p.name === 'debug')!;
    const set = await call<PartitionWebSsh>(t.app, 'PATCH', '/kcluster/partition_webssh', admin, { partition_id: debug.id, enabled: true, idle_timeout_seconds: 120 });
    expect(set.code).toBe(200);
  });
  afterAll(async () => {
    await rm(`/home/${account}/.starlight-bind`, { force: true });
    if (t) await stopTestApp(t);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const open = (query = 'cluster=devcluster&partition=debug&cols=100&rows=30') =>
    t.app.injectWS(api(`/kcluster/partition_webssh/shell?${query}&token=${encodeURIComponent(alice)}`), { headers: consoleHeaders });

  it('runs a real login shell as the bound account, resizes it, and audits open and close', async () => {
    const term = terminal(await open());
    await term.waitFor(() => term.frames.some((f) => f.type === 'ready'));
    expect(term.frames[0]).toEqual({ type: 'ready', account, host: env.STARLIGHT_TEST_SSH_HOST, idle_timeout_seconds: 120, max_duration_seconds: 14_400 });
    term.send({ type: 'input', data: 'echo "who=$(id -un)"\n' });
    await term.waitFor(() => term.output().includes(`who=${account}`));
    term.send({ type: 'resize', cols: 123, rows: 45 });
    term.send({ type: 'input', data: 'echo "size=$(stty size)"\n' });
    await term.waitFor(() => term.output().includes('size=45 123'));
    term.send({ type: 'input', data: 'exit\n' });
    expect(await term.closed).toBe(1000);
    expect(term.frames.at(-1)).toMatchObject({ type: 'closed', reason: 'ended' });
    let events: (typeof auditEvents.$inferSelect)[] = [];
    for (let i = 0; i < 40 && events.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 50));
      events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.userName, 'demo-user')).orderBy(desc(auditEvents.id));
      events = events.filter((e) => e.action.startsWith('webssh'));
    }
    expect(events.map((e) => [e.action, e.result])).toEqual([
      ['webssh_close', 'ok'],
      ['webssh_open', 'ok'],
    ]);
    expect(events[1]!.detail).toBe(`devcluster/debug as ${account} on ${env.STARLIGHT_TEST_SSH_HOST}:${env.STARLIGHT_TEST_SSH_PORT}`);
    expect(events[0]!.detail).toMatch(/: ended after \d+ s$/);
  });

  it('refuses a foreign Origin and an unbound user before any SSH login', async () => {
    const ws = t.app.injectWS(api(`/kcluster/partition_webssh/shell?cluster=devcluster&partition=debug&token=${encodeURIComponent(alice)}`), {
      headers: { ...consoleHeaders, origin: 'https://attacker.example.net' },
    });
    await expect(ws).rejects.toThrow(/403/);
    const carol = await login(t.app, 'demo-gadmin', demoPassword); // bound in the demo data, but to an account sshd does not know
    const reply = t.app.injectWS(api(`/kcluster/partition_webssh/shell?cluster=devcluster&partition=debug&token=${encodeURIComponent(carol)}`), { headers: consoleHeaders });
    const term = terminal(await reply);
    // the login node refuses the account: the browser is told, the socket closes, nothing runs
    expect(await term.closed).toBe(1000);
    expect(term.frames.at(-1)).toMatchObject({ type: 'closed', reason: 'error' });
    const unbound = await login(t.app, 'demo-auditor', demoPassword);
    await expect(
      t.app.injectWS(api(`/kcluster/partition_webssh/shell?cluster=devcluster&partition=debug&token=${encodeURIComponent(unbound)}`), { headers: consoleHeaders }),
    ).rejects.toThrow(/403/);
  });

  describe('timeouts close the session (real shell, shortened clock)', () => {
    const settings = async () => ({
      host: env.STARLIGHT_TEST_SSH_HOST!,
      port: Number(env.STARLIGHT_TEST_SSH_PORT),
      hostKeySha256: env.STARLIGHT_TEST_SSH_HOSTKEY_SHA256!,
      privateKey: await readFile(shellKey, 'utf8'),
    });
    function socket(): ShellSocket & { sent: (string | Buffer)[]; closedWith: string | null; emitter: EventEmitter } {
      const emitter = new EventEmitter();
      const s = {
        sent: [] as (string | Buffer)[],
        closedWith: null as string | null,
        emitter,
        send: (d: string | Buffer) => void s.sent.push(d),
        close: (_code?: number, why?: string) => {
          s.closedWith = why ?? '';
          emitter.emit('close');
        },
        on: (event: string, listener: (...args: never[]) => void) => emitter.on(event, listener as (...args: unknown[]) => void),
      };
      return s as never;
    }
    const lastFrame = (s: { sent: (string | Buffer)[] }) => JSON.parse(String(s.sent.filter((d) => typeof d === 'string').at(-1))) as WebSshServerFrame;
    /** Runs one session on the real shell with a shortened clock; resolves with the reasons it was closed for. */
    async function runOn(s: ReturnType<typeof socket>, clock: { idleMs: number; maxMs: number; idleSeconds: number; maxSeconds: number }) {
      const target = await settings();
      const closes: string[] = [];
      await runShellSession({
        socket: s,
        open: (size) => openSshShell(target, account, size),
        size: { cols: 80, rows: 24 },
        account,
        host: target.host,
        ...clock,
        onClose: (why) => closes.push(why),
      });
      return closes;
    }

    it('closes after the idle time without keystrokes', async () => {
      const s = socket();
      const started = Date.now();
      const closes = await runOn(s, { idleMs: 1500, maxMs: 20_000, idleSeconds: 30, maxSeconds: 3600 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
      expect(closes).toEqual(['idle']);
      expect(lastFrame(s)).toMatchObject({ type: 'closed', reason: 'idle' });
      expect(s.closedWith).toBe('idle');
    });

    it('closes at the maximum duration even while the user types', async () => {
      const s = socket();
      const typing = setInterval(() => s.emitter.emit('message', Buffer.from(JSON.stringify({ type: 'input', data: ':\n' })), false), 200);
      const closes = await runOn(s, { idleMs: 1000, maxMs: 2500, idleSeconds: 30, maxSeconds: 60 });
      clearInterval(typing);
      expect(closes).toEqual(['max_duration']);
      expect(lastFrame(s)).toMatchObject({ type: 'closed', reason: 'max_duration' });
    });

    it('refuses a login node with another host key', async () => {
      const target = { ...(await settings()), hostKeySha256: `SHA256:${'C'.repeat(43)}` };
      await expect(openSshShell(target, account, { cols: 80, rows: 24 })).rejects.toThrow('unexpected host key');
    });
  });
});
