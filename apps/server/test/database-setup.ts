import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../src/db/client';

/**
 * Vitest global setup: migrate once per run, and let every test file start from a copy. On PGlite a dump of
 * the migrated cluster (loaded instead of initdb + migrations: about a third of the time); on PostgreSQL a
 * template database (`create database … template`). Handed to the files through the environment, like
 * unix-users-setup.ts does; test/database.ts falls back to migrating itself when they are absent.
 */
let folder: string | null = null;
let template: { server: string; name: string } | null = null;

export async function setup(): Promise<void> {
  const server = process.env.STARLIGHT_TEST_PG;
  if (!server) {
    const handle = await openDatabase({ url: null, pgliteDir: null });
    await handle.migrate();
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    await handle.close();
    folder = mkdtempSync(path.join(tmpdir(), 'starlight-pglite-snapshot-'));
    const file = path.join(folder, 'migrated.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    process.env.STARLIGHT_TEST_PGLITE_SNAPSHOT = file;
    return;
  }
  const name = `starlight_template_${randomBytes(6).toString('hex')}`;
  await onServer(server, `create database "${name}"`);
  template = { server, name };
  const url = new URL(server);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), pgliteDir: null });
  await handle.migrate();
  await handle.close(); // a template must have no connection while it is copied
  process.env.STARLIGHT_TEST_PG_TEMPLATE = name;
}

export async function teardown(): Promise<void> {
  if (folder) rmSync(folder, { recursive: true, force: true });
  if (template) await onServer(template.server, `drop database if exists "${template.name}" with (force)`);
}

export async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The run's migrated PGlite dump, when the global setup made one. */
export function pgliteSnapshot(): Blob | undefined {
  const file = process.env.STARLIGHT_TEST_PGLITE_SNAPSHOT;
  if (!file) return undefined;
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    return undefined; // removed (a run that ended): migrate as before
  }
}
