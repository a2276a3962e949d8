import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { FairPGlite } from './fair-pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrationsFolder } from '../lib/paths';
import { acquirePidLock } from '../lib/pid-lock';
import * as audit from './schema/audit';
import * as hpc from './schema/hpc';
import * as identity from './schema/identity';
import * as jobs from './schema/jobs';
import * as labels from './schema/labels';
import * as messages from './schema/messages';
import * as quotas from './schema/quotas';
import * as approvals from './schema/approvals';
import * as monitor from './schema/monitor';
import * as apps from './schema/apps';
import * as profile from './schema/profile';
import * as storage from './schema/storage';
import * as clusterStorage from './schema/cluster-storage';
import * as clusterAccess from './schema/cluster-access';
import * as system from './schema/system';
import * as verification from './schema/verification';
import * as sso from './schema/sso';
import * as interactive from './schema/interactive';
import * as images from './schema/images';
import * as fees from './schema/fees';
import * as mall from './schema/mall';
import * as docs from './schema/docs';
import * as statistics from './schema/statistics';
import * as udm from './schema/udm';
import * as tickets from './schema/tickets';
import * as messageTemplates from './schema/message-templates';
import * as relations from './relations';
import { DatabaseConnectError, describeUnreachable, isDatabaseUnreachable } from './unreachable';

export const schema = { ...identity, ...messages, ...system, ...hpc, ...jobs, ...storage, ...clusterStorage, ...clusterAccess, ...verification, ...audit, ...labels, ...profile, ...sso, ...monitor, ...quotas, ...approvals, ...interactive, ...apps, ...images, ...fees, ...mall, ...docs, ...statistics, ...udm, ...tickets, ...messageTemplates, ...relations };
export type Schema = typeof schema;

/** The query builder both drivers share; repos take this, never a driver-specific type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /**
   * Resolves once the database answers; while it is unreachable (refused, starting up) it retries until
   * `timeoutS` has passed, calling `waiting` once with the reason. Other errors (bad password) fail at once.
   */
  waitUntilReachable(timeoutS: number, waiting: (reason: string) => void): Promise<void>;
  /** Applies the committed SQL migrations in drizzle/ (idempotent). */
  migrate(): Promise<void>;
  /** PostgreSQL: the pool's connections now (for /metrics); absent on PGlite (one in-process database). */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… ; null opens PGlite. */
  url: string | null;
  /** PGlite data folder; null keeps PGlite in memory (tests). */
  pgliteDir: string | null;
  /** In memory only: start from this dump (`dumpDataDir`) instead of an empty cluster — tests start from one migrated copy. */
  pgliteSnapshot?: Blob;
  /**
   * A file with a dump of a migrated cluster (db/pglite-template.ts, written by the build): a `pgliteDir` that
   * holds no database yet starts as a copy of it instead of initdb + every migration. Ignored when absent.
   */
  pgliteTemplate?: string;
  /** A pooled PostgreSQL connection broke (server stopped or restarted); default: a line on stderr. */
  onConnectionLost?: (error: Error) => void;
}

const retryEveryMs = 500;
/** PostgreSQL connections per instance. */
const poolMax = 10;

/**
 * Extensions the schema's indexes need, created before the migrations run (so a regenerated migration
 * cannot lose them): pg_trgm for the trigram index of document search (PGlite ships it as a contrib
 * bundle, loaded below; PostgreSQL has it in its contrib package and it is a trusted extension).
 */
const ensureExtensions = (db: Database) => db.execute(sql`create extension if not exists pg_trgm`);
const pgliteExtensions = { pg_trgm };

/**
 * The embedded database's memory: PGlite starts PostgreSQL with its server defaults (shared_buffers 128 MB,
 * maintenance_work_mem 64 MB), sized for a machine's database server, not for a console's one-process store;
 * its WebAssembly heap holds them for the process's life. 32 MB of buffers hold this schema's working set:
 * a console on a new data directory idles at ~425 MB RSS instead of ~525 MB (measured side by side, same build
 * otherwise); the start's peak (~845 MB, the migrations) is not changed by these settings.
 */
export const pgliteSettings = ['shared_buffers=32MB', 'maintenance_work_mem=16MB', 'wal_buffers=1MB'];

export async function openDatabase({ url, pgliteDir, pgliteSnapshot, pgliteTemplate, onConnectionLost }: DatabaseOptions): Promise<DatabaseHandle> {
  const migrationsConfig = { migrationsFolder: migrationsFolder() };
  if (url) {
    const pool = new DatabasePool({ connectionString: url, max: poolMax });
    const lost = onConnectionLost ?? ((error: Error) => void process.stderr.write(`database connection lost: ${error.message}\n`));
    // A server that goes away sends its FATAL to every connection; an 'error' event without a listener
    // would end the process. The pool reports idle clients' errors itself; a checked-out client between
    // two statements of a transaction reports on the client, so every client gets a listener too. The
    // broken client is discarded by the pool and the next request connects anew.
    pool.on('error', lost);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolMax }),
      waitUntilReachable: (timeoutS, waiting) => waitUntilReachable(() => pool.query('select 1'), timeoutS, waiting),
      migrate: async () => {
        await ensureExtensions(db);
        await migratePg(db, migrationsConfig);
      },
      close: () => pool.end(),
    };
  }
  let release = (): void => undefined;
  if (pgliteDir) {
    mkdirSync(path.dirname(pgliteDir), { recursive: true });
    release = acquirePidLock(`${pgliteDir}.lock`, `the database folder ${pgliteDir}`);
  }
  const fromTemplate = pgliteDir && pgliteTemplate && !existsSync(path.join(pgliteDir, 'PG_VERSION')) && existsSync(pgliteTemplate);
  const options = { extensions: pgliteExtensions, postgresqlconf: pgliteSettings };
  const client = pgliteDir
    ? new FairPGlite(pgliteDir, { ...options, ...(fromTemplate ? { loadDataDir: new Blob([readFileSync(pgliteTemplate)]) } : {}) })
    : new FairPGlite({ ...options, ...(pgliteSnapshot ? { loadDataDir: pgliteSnapshot } : {}) });
  try {
    await client.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    waitUntilReachable: async () => undefined,
    migrate: async () => {
      await ensureExtensions(db);
      await migratePglite(db, migrationsConfig);
    },
    close: async () => {
      await client.close();
      release();
    },
  };
}

async function waitUntilReachable(ping: () => Promise<unknown>, timeoutS: number, waiting: (reason: string) => void): Promise<void> {
  const deadline = Date.now() + timeoutS * 1000;
  let told = false;
  for (;;) {
    try {
      await ping();
      return;
    } catch (error) {
      if (!isDatabaseUnreachable(error)) throw error;
      const reason = describeUnreachable(error);
      if (Date.now() >= deadline) throw new DatabaseUnreachableError(`the database ${reason}; gave up after ${timeoutS} s (STARLIGHT_DATABASE_CONNECT_TIMEOUT_S)`);
      if (!told) waiting(reason);
      told = true;
      await new Promise((resolve) => setTimeout(resolve, Math.min(retryEveryMs, Math.max(0, deadline - Date.now()))));
    }
  }
}

/** Start-up could not reach the database within the configured time. */
export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
}

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * pg.Pool whose connect errors (refused, reset, 57P03 starting up) arrive wrapped in DatabaseConnectError,
 * so they are told apart from another service's refused connection. `pool.query` connects through here too.
 */
class DatabasePool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const wrap = (error: Error | undefined) => (error ? new DatabaseConnectError(error) : undefined);
    if (callback) return super.connect((error, client, done) => callback(wrap(error), client, done));
    return new Promise((resolve, reject) =>
      super.connect((error, client) => (error || !client ? reject(wrap(error ?? new Error('no client'))) : resolve(client))),
    );
  }
}
