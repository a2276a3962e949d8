#!/usr/bin/env node
// `npm start`: install what is missing, build what is stale, then run the console on its embedded
// defaults (PGlite in ./data, local scheduler and files). Arguments pass through (e.g. `npm start -- --demo`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const say = (m) => console.log(`[starlight] ${m}`);

function sh(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`[starlight] '${cmd} ${args.join(' ')}' failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status ?? 1);
  }
}

/** Newest modification time under the given paths (files or folders), skipping build output. */
function newest(paths) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const e of readdirSync(p)) if (!['node_modules', 'dist', 'data', '.vite'].includes(e)) walk(path.join(p, e));
    } else max = Math.max(max, s.mtimeMs);
  };
  paths.forEach((p) => walk(path.join(root, p)));
  return max;
}

const installed = path.join(root, 'node_modules/.package-lock.json');
if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(path.join(root, 'package-lock.json')).mtimeMs) {
  say('installing dependencies (npm ci)…');
  sh('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
}

const targets = [
  { name: 'web', out: 'apps/web/dist/index.html', src: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src'] },
  { name: 'server', out: 'apps/server/dist/server.js', src: ['apps/server/src', 'apps/server/tsup.config.ts', 'packages/contract/src'] },
];
for (const t of targets) {
  const out = path.join(root, t.out);
  if (!existsSync(out) || statSync(out).mtimeMs < newest(t.src)) {
    say(`building ${t.name}…`);
    sh('npm', ['run', 'build', '-w', `apps/${t.name}`, '--silent']);
  }
}

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
