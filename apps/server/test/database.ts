import { randomBytes } from 'node:crypto';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { onServer, pgliteSnapshot } from './database-setup';

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
    const handle = await openDatabase({ url: null, pgliteDir: null, pgliteSnapshot: pgliteSnapshot() });
    await handle.migrate(); // nothing left to apply when it started from the run's snapshot
    return { ...handle, url: null };
  }
  const name = `starlight_test_${randomBytes(6).toString('hex')}`;
  const template = process.env.STARLIGHT_TEST_PG_TEMPLATE;
  await createDatabase(serverUrl, name, template);
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

/**
 * From the run's migrated template when there is one. Two files copying the same template at the same moment
 * collide ("source database … is being accessed by other users" while the other copy runs): retried briefly.
 */
async function createDatabase(url: string, name: string, template: string | undefined): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await onServer(url, template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
      return;
    } catch (error) {
      const busy = error instanceof Error && /being accessed by other users/.test(error.message);
      if (!busy || attempt >= 40) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
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
