import { Writable } from 'node:stream';
import type { Envelope } from '@starlight/contract/envelope';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { readInstallIdentity } from '../src/drivers/local-users/install';
import { namePrefixOf, unixNameOf } from '../src/drivers/local-users/unix-users';
import type { ClusterBus } from '../src/lib/cluster-bus';
import { openTestDatabase } from './database';

export const adminPassword = 'Admin-pass-2024';
export const demoPassword = 'Demo-pass-2024';

/** This run's Unix user prefix (test/unix-users-setup.ts removes its users at the end). */
export const testUnixPrefix = process.env.STARLIGHT_TEST_UNIX_PREFIX ?? 'slt0-';

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    env: {
      STARLIGHT_ENV: 'test',
      STARLIGHT_LOG_LEVEL: 'info',
      STARLIGHT_WEB_DIST: '/nonexistent/web-dist',
      STARLIGHT_INITIAL_ADMIN_PASSWORD: adminPassword,
      STARLIGHT_DEMO: '1',
      STARLIGHT_DEMO_PASSWORD: demoPassword,
      // this run's Unix users (test/unix-users-setup.ts removes them at the end)
      STARLIGHT_LOCAL_USER_PREFIX: testUnixPrefix,
      ...env,
    },
  });
}

/** The Unix user a root test app (this run's prefix) gives `account`: its data directory's install tag is in the name. */
export async function unixNameIn(dataDir: string, account: string): Promise<string> {
  const install = await readInstallIdentity(dataDir);
  if (!install) throw new Error(`${dataDir} has no install identity: did a root app start on it?`);
  return unixNameOf(namePrefixOf(testUnixPrefix, install), account);
}

/** Collects the app's log lines (pino JSON) so tests can read them. */
export function logCollector(): { stream: Writable; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const lines = () =>
    chunks
      .join('')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { stream, lines };
}

export interface TestApp {
  app: App;
  database: DatabaseHandle;
  logs: () => Record<string, unknown>[];
  announcements: string[];
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Reuse a database (a second start); otherwise a fresh one. */
  database?: DatabaseHandle;
  /** Runs after buildApp and before ready(): the place to add test-only routes. */
  beforeReady?: (app: App) => void;
  /** Stands in for the process's own answer to "may the server switch users" (root). */
  isRoot?: boolean;
  /** The cluster bus (default: one the app opens on the test database). */
  bus?: ClusterBus;
}

/** The app on its own database, bootstrapped with a known admin password and the demo users. */
export async function startTestApp({ env = {}, database, beforeReady, bus, isRoot }: TestAppOptions = {}): Promise<TestApp> {
  const db = database ?? (await openTestDatabase());
  const logs = logCollector();
  const announcements: string[] = [];
  const databaseUrl = 'url' in db && typeof db.url === 'string' ? db.url : null;
  const app = await buildApp(testConfig(env), { db, databaseUrl, bus, logStream: logs.stream, announce: (text) => announcements.push(text), ...(isRoot === undefined ? {} : { isRoot }) });
  beforeReady?.(app);
  await app.ready();
  return { app, database: db, logs: logs.lines, announcements };
}

export async function stopTestApp({ app, database }: TestApp): Promise<void> {
  await app.close();
  await database.close();
}

export const api = (path: string): string => `/api${path}`;

/** 32 random bytes in base64url: a session token, and the state/nonce of an external sign-in. */
export const randomTokenShape = /^[A-Za-z0-9_-]{43}$/;

export function body<T = unknown>(response: { json: () => unknown }): Envelope<T> {
  return response.json() as Envelope<T>;
}

export async function login(app: App, name: string, password: string, kind: 'short' | 'long' = 'short'): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: api(`/keystone/${kind}_term_token/name`),
    payload: { name, password },
  });
  const envelope = body<{ token: string }>(response);
  if (envelope.code !== 200) throw new Error(`login as ${name} failed: ${envelope.code} ${envelope.info}`);
  return envelope.spec.token;
}

export const tokenHeader = (token: string) => ({ 'bihu-token': token });
