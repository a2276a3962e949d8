import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/client';

/**
 * A migrated database for one test file: in-memory PGlite, or — when STARLIGHT_TEST_PG holds a
 * connection URL — a fresh PostgreSQL database created for this file and dropped by `close()`.
 */
export type TestDatabase = DatabaseHandle & {
  /** The fresh PostgreSQL database's URL (the cluster bus connects to it); null on PGlite. */
  url: string | null;
};

export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.STARLIGHT_TEST_PG;
  if (!serverUrl) {
    const handle = await openDatabase({ url: null, pgliteDir: null });
    await handle.migrate();
    return { ...handle, url: null };
  }
  const name = `starlight_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), pgliteDir: null });
  await handle.migrate();
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      await dropDatabase(serverUrl, name);
    },
  };
}

async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * An autovacuum worker (a superuser process our role may not terminate) can be visiting the fresh
 * database when a test file ends; it leaves within moments, so the drop is retried briefly.
 */
async function dropDatabase(url: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await onServer(url, `drop database "${name}" with (force)`);
      return;
    } catch (error) {
      const busy = error instanceof Error && /pg_signal_backend|being accessed by other users/.test(error.message);
      if (!busy || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
