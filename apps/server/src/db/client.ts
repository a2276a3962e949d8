import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
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
import * as monitor from './schema/monitor';
import * as profile from './schema/profile';
import * as storage from './schema/storage';
import * as clusterStorage from './schema/cluster-storage';
import * as clusterAccess from './schema/cluster-access';
import * as system from './schema/system';
import * as verification from './schema/verification';
import * as sso from './schema/sso';
import * as relations from './relations';

export const schema = { ...identity, ...messages, ...system, ...hpc, ...jobs, ...storage, ...clusterStorage, ...clusterAccess, ...verification, ...audit, ...labels, ...profile, ...sso, ...monitor, ...quotas, ...relations };
export type Schema = typeof schema;

/** The query builder both drivers share; repos take this, never a driver-specific type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Applies the committed SQL migrations in drizzle/ (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… ; null opens PGlite. */
  url: string | null;
  /** PGlite data folder; null keeps PGlite in memory (tests). */
  pgliteDir: string | null;
}

export async function openDatabase({ url, pgliteDir }: DatabaseOptions): Promise<DatabaseHandle> {
  const migrationsConfig = { migrationsFolder: migrationsFolder() };
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, migrationsConfig),
      close: () => pool.end(),
    };
  }
  let release = (): void => undefined;
  if (pgliteDir) {
    mkdirSync(path.dirname(pgliteDir), { recursive: true });
    release = acquirePidLock(`${pgliteDir}.lock`, `the database folder ${pgliteDir}`);
  }
  const client = pgliteDir ? new PGlite(pgliteDir) : new PGlite();
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
    migrate: () => migratePglite(db, migrationsConfig),
    close: async () => {
      await client.close();
      release();
    },
  };
}
