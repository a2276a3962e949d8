import { writeFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { pgliteTemplatePath } from '../lib/paths';
import { openDatabase } from './client';

/**
 * Writes the migrated empty PGlite cluster the build leaves in dist/ (lib/paths.ts pgliteTemplatePath): a new
 * data directory starts as a copy of it (openDatabase's `pgliteTemplate`) instead of running initdb and every
 * migration, most of a first start (issue 24: 30 s of initdb and 11 s of migrations on the loaded machine).
 * Migrations added since the build still run at start; nothing in it belongs to one install (no secret, no
 * user: the bootstrap makes those). Run by the build only, never imported by the server.
 */
export async function writePgliteTemplate(file: string = pgliteTemplatePath()): Promise<void> {
  const handle = await openDatabase({ url: null, pgliteDir: null });
  try {
    await handle.migrate();
    const dump = await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir('gzip');
    // whole or not at all: a start never loads half a file
    writeFileSync(`${file}.partial`, Buffer.from(await dump.arrayBuffer()));
    renameSync(`${file}.partial`, file);
  } finally {
    await handle.close();
  }
}

// `tsx src/db/pglite-template.ts`: the last step of `npm run build -w apps/server`
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await writePgliteTemplate();
