import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../lib/paths';
import { openDatabase } from './client';
import { writePgliteTemplate } from './pglite-template';

// A new data directory starts from the build's migrated cluster (issue 24: initdb and the migrations were
// most of a first start); a directory that holds a database already never does.
let dir: string;
let template: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'starlight-template-'));
  template = path.join(dir, 'template.tar.gz');
  await writePgliteTemplate(template);
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Handle = Awaited<ReturnType<typeof openDatabase>>;
const rows = async (handle: Handle, query: ReturnType<typeof sql>) => ((await handle.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
const applied = async (handle: Handle) => Number((await rows(handle, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]?.n);

describe('the PGlite template', () => {
  it('is written whole (no partial file left)', () => {
    expect(existsSync(template)).toBe(true);
    expect(existsSync(`${template}.partial`)).toBe(false);
  });

  it('gives a new data directory every migration before migrate() runs, and survives a reopen', { timeout: 180_000 }, async () => {
    const pgliteDir = path.join(dir, 'data', 'pglite');
    const first = await openDatabase({ url: null, pgliteDir, pgliteTemplate: template });
    const migrations = await applied(first);
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    expect(migrations).toBe(journal.entries.length);
    await first.migrate(); // nothing left to apply
    expect(await applied(first)).toBe(migrations);
    await first.db.execute(sql`create table kept (v int)`);
    await first.close();

    const again = await openDatabase({ url: null, pgliteDir, pgliteTemplate: template });
    expect((await rows(again, sql`select to_regclass('kept') is not null as kept`))[0]).toEqual({ kept: true });
    await again.close();
  });
});
