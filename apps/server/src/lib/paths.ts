import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package folder: the nearest ancestor of this file holding `drizzle/meta/_journal.json`.
 * Walking up works the same from `src/lib/` under tsx and from the bundle in `dist/`.
 */
export function findServerRoot(from: string = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    if (existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no drizzle/meta/_journal.json above ${from}`);
    dir = parent;
  }
}

export function migrationsFolder(): string {
  return path.join(findServerRoot(), 'drizzle');
}

/** The build's migrated empty PGlite cluster (db/pglite-template.ts), where a new data directory starts from. */
export function pgliteTemplatePath(): string {
  return path.join(findServerRoot(), 'dist', 'pglite-template.tar.gz');
}
