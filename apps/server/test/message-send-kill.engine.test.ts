import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageTemplate, TemplateSendState } from '@starlight/contract/message-templates';
import { openDatabase, type Database } from '../src/db/client';
import { groups, users } from '../src/db/schema/identity';
import { messageSendRecipients, messages } from '../src/db/schema/messages';
import { openTestDatabase, type TestDatabase } from './database';
import { freePort } from './throwaway-postgres';
import { consoleEnv } from './console-process';

/**
 * The server PROCESS (src/server.ts bundled by tsup, as `npm run build` does) starts a template send to
 * 10,000 users, is killed with SIGKILL in the middle of it (no shutdown hook runs), and is started again
 * on the same database: it resumes the send by itself and every user ends with exactly one message. On a
 * fresh PostgreSQL database when STARLIGHT_TEST_PG is set, else on PGlite in the server's data directory
 * (then the test reads and writes the database only while the server is down).
 */
const serverRoot = path.resolve(import.meta.dirname, '..');
const password = 'Send-kill-Admin1';
const people = 10_000;

describe('a template send survives a killed server process', () => {
  let script = '';
  let bundleDir = '';
  let dataDir = '';
  let port = 0;
  let pg: TestDatabase | null = null;
  let server: ChildProcess | undefined;
  let output = '';
  let groupId = 0;
  const base = () => `http://127.0.0.1:${port}/api`;

  /** The database, while the test may use it (PGlite: only with the server down). */
  async function withDb<T>(work: (db: Database) => Promise<T>): Promise<T> {
    if (pg) return work(pg.db);
    const handle = await openDatabase({ url: null, pgliteDir: path.join(dataDir, 'pglite') });
    try {
      await handle.migrate();
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  }

  async function start(): Promise<void> {
    output = '';
    server = spawn(process.execPath, [script], {
      cwd: serverRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: consoleEnv(port, dataDir, {
        STARLIGHT_DATABASE_URL: pg?.url ?? '',
        STARLIGHT_LOG_LEVEL: 'warn',
        STARLIGHT_WEB_DIST: '/nonexistent/web-dist',
        STARLIGHT_INITIAL_ADMIN_PASSWORD: password,
        STARLIGHT_LOCAL_USER_PREFIX: `ssk${process.pid}-`,
      }),
    });
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    for (let i = 0; i < 600; i++) {
      if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${output}`);
      if (await fetch(`${base()}/health`).then((r) => r.ok).catch(() => false)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the server did not start in 60 s:\n${output}`);
  }
  async function stop(signal: NodeJS.Signals): Promise<void> {
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill(signal);
    await exited;
  }
  async function call<T>(token: string | null, method: string, url: string, body?: object): Promise<{ code: number; info: string; spec: T }> {
    const res = await fetch(`${base()}${url}`, { method, headers: { ...(token ? { 'bihu-token': token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : null });
    return (await res.json()) as { code: number; info: string; spec: T };
  }
  const login = async () => (await call<{ token: string }>(null, 'POST', '/keystone/short_term_token/name', { name: 'admin', password })).spec.token;

  beforeAll(async () => {
    const cache = path.join(serverRoot, 'node_modules', '.cache');
    await mkdir(cache, { recursive: true });
    bundleDir = await mkdtemp(path.join(cache, 'send-kill-'));
    await promisify(execFile)('npx', ['tsup', '--out-dir', bundleDir, '--silent'], { cwd: serverRoot });
    script = path.join(bundleDir, 'server.js');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-send-kill-'));
    if (process.env.STARLIGHT_TEST_PG) pg = await openTestDatabase();
    port = await freePort();
    // the first start creates the administrator (only on an empty user table); then 10,000 users in one group
    await start();
    await stop('SIGTERM');
    await withDb(async (db) => {
      const [group] = await db.insert(groups).values({ name: 'kill-many' }).returning({ id: groups.id });
      groupId = group!.id;
      for (let from = 0; from < people; from += 2000)
        await db.insert(users).values(Array.from({ length: 2000 }, (_, i) => ({ userName: `kill-${from + i}`, realName: `Kill ${from + i}`, passwordHash: 'x', groupId: group!.id })));
    });
    await start();
  }, 120_000);
  afterAll(async () => {
    await stop('SIGTERM');
    await pg?.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(bundleDir, { recursive: true, force: true });
  }, 30_000);

  it('is killed mid-send, restarted on the same database, and every user has exactly one message', async () => {
    let admin = await login();
    const template = await call<MessageTemplate>(admin, 'POST', '/message/template', { name: 'kill', channel: 'in_app', title: 'Kill test for {{user_name}}', content: '<p>Dear {{real_name}} of {{group_name}}</p>' });
    expect(template.code, template.info).toBe(200);
    const started = await call<TemplateSendState>(admin, 'POST', '/message/template/send', { template_id: template.spec.id, group_ids: [groupId] });
    expect(started.code, started.info).toBe(200);
    expect(started.spec.total).toBe(people);

    // killed once part of it is delivered
    let seen = 0;
    for (let i = 0; i < 2000 && seen < 1500; i++) {
      seen = (await call<TemplateSendState>(admin, 'GET', `/message/template/send/${started.spec.id}`)).spec.delivered;
      if (seen < 1500) await new Promise((r) => setTimeout(r, 10));
    }
    await stop('SIGKILL');
    expect(seen).toBeGreaterThan(0);
    expect(seen).toBeLessThan(people);
    const atKill = await withDb(async (db) => (await db.select({ n: count() }).from(messageSendRecipients).where(eq(messageSendRecipients.state, 'delivered')))[0]!.n);
    expect(atKill).toBeLessThan(people);

    await start();
    admin = await login();
    let final: TemplateSendState | undefined;
    for (let i = 0; i < 600; i++) {
      final = (await call<TemplateSendState>(admin, 'GET', `/message/template/send/${started.spec.id}`)).spec;
      if (final.state === 'done') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(final).toMatchObject({ state: 'done', total: people, delivered: people });
    await stop('SIGTERM');

    const rows = await withDb(async (db) => db.select({ userId: messages.userId, n: count() }).from(messages).where(like(messages.title, 'Kill test for %')).groupBy(messages.userId));
    expect(rows.length).toBe(people);
    expect(rows.filter((r) => r.n !== 1)).toEqual([]);
    console.log(`killed at ${atKill} of ${people} delivered; resumed and finished with one message each (${pg ? 'PostgreSQL' : 'PGlite'})`);
  }, 120_000);
});
