// Prints the gzip size of the JavaScript the login page needs (the entry chunk, its static imports,
// the /login route's chunks and the English message bundles loaded at start-up — src/lib/i18n.ts's eager
// namespaces) from Vite's
// manifest, and fails when it is over the budget.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const budgetBytes = 200 * 1024;
const dist = path.resolve(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

const loginPage = 'src/app/pages/login.tsx';
// the namespaces src/lib/i18n.ts loads with the language (the lazy ones come with the pages that use them)
const eagerList = readFileSync(path.resolve(import.meta.dirname, '..', 'src/lib/i18n.ts'), 'utf8').match(/export const namespaces = \[([^\]]*)\]/);
if (!eagerList) throw new Error('no `export const namespaces = [...]` in src/lib/i18n.ts');
const eager = new Set([...eagerList[1].matchAll(/'([\w-]+)'/g)].map((m) => m[1]));
const startupLocales = Object.keys(manifest).filter((key) => key.startsWith('src/locales/en/') && eager.has(key.slice('src/locales/en/'.length, -'.json'.length)));
const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (entryKeys.length === 0) throw new Error('no entry chunk in the manifest: is build.manifest on?');
if (!manifest[loginPage]) throw new Error(`${loginPage} is not in the manifest: is the login page lazy-loaded?`);

/** A chunk and everything it imports statically (what the browser must fetch before it runs). */
function collect(key, files = new Map()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.set(chunk.file, key);
  for (const dependency of chunk.imports ?? []) collect(dependency, files);
  return files;
}

const files = new Map();
for (const key of [...entryKeys, loginPage, ...startupLocales]) for (const [file, from] of collect(key)) files.set(file, from);

let total = 0;
const rows = [...files]
  .filter(([file]) => file.endsWith('.js'))
  .map(([file, from]) => {
    const bytes = readFileSync(path.join(dist, file));
    const gzip = gzipSync(bytes, { level: 9 }).length;
    total += gzip;
    return { file, from, raw: bytes.length, gzip };
  })
  .sort((a, b) => b.gzip - a.gzip);

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log('JavaScript the /login page loads (gzip):');
for (const row of rows) console.log(`  ${kb(row.gzip).padStart(9)}  ${kb(row.raw).padStart(9)} raw  ${row.file}`);
console.log(`  total ${kb(total)} gzip of ${kb(budgetBytes)} budget (${rows.length} files)`);

if (total > budgetBytes) {
  console.error(`login page JavaScript is ${kb(total)} gzip, over the ${kb(budgetBytes)} budget`);
  process.exit(1);
}
