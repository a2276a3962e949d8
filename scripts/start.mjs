#!/usr/bin/env node
// `npm start`: install what is missing, build what is stale, then run the console on its embedded
// defaults (PGlite in ./data, local scheduler and files). Arguments pass through (e.g. `npm start -- --demo`).
// Quiet: install and build output goes to a log file, shown only when a step fails, so the server's
// address (printed last by the server) is what a person sees at the bottom.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { ensureInstalled, newest, runLogged, say, startLog } from './start-steps.mjs';

const root = path.resolve(import.meta.dirname, '..');
// Outside node_modules: `npm ci` deletes that folder while it runs (a fresh clone's first start).
const log = startLog(root);

async function step(title, cmd, args) {
  say(`${title}…`);
  const result = await runLogged(cmd, args, { cwd: root, log });
  if (!result.ok) {
    process.stderr.write(result.failure);
    process.exit(result.status ?? 1);
  }
}

await ensureInstalled(root, log);

const targets = [
  { name: 'the web console', dir: 'web', out: 'apps/web/dist/index.html', src: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src'] },
  { name: 'the server', dir: 'server', out: 'apps/server/dist/server.js', src: ['apps/server/src', 'apps/server/tsup.config.ts', 'packages/contract/src'] },
];
for (const t of targets) {
  const out = path.join(root, t.out);
  if (!existsSync(out) || statSync(out).mtimeMs < newest(root, t.src)) await step(`building ${t.name}`, 'npm', ['run', 'build', '-w', `apps/${t.dir}`, '--silent']);
}

const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  // Node 22.1 and later keep the compiled code of the server's modules here: later starts skip most compiling
  env: { NODE_COMPILE_CACHE: path.join(root, '.starlight/compile-cache'), ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
