// The steps of `npm start` (scripts/start.mjs), apart so scripts/start.test.mjs can run them.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const say = (message) => console.log(`[starlight] ${message}`);

/** Where `npm start` and `npm test` write the output of their install and build steps (outside node_modules: `npm ci` deletes that folder while it runs). */
export const startLog = (root) => path.join(root, '.starlight/start.log');

/**
 * `npm ci` when node_modules is missing or older than package-lock.json (a fresh clone, a pulled lock): quiet,
 * its output in the log, shown only when it fails (then the process exits with its status). Shared by
 * `npm start` (scripts/start.mjs) and `npm test` (scripts/test-all.mjs).
 */
export async function ensureInstalled(root, log = startLog(root)) {
  const installed = path.join(root, 'node_modules/.package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(path.join(root, 'package-lock.json')).mtimeMs) return;
  say('installing dependencies (npm ci)…');
  const result = await runLogged('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: root, log });
  if (!result.ok) {
    process.stderr.write(result.failure);
    process.exit(result.status ?? 1);
  }
}

/** Newest modification time under the given paths (files or folders), skipping build output. */
export function newest(root, paths) {
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

/** The last `lines` lines of a text. */
export const tail = (text, lines) => text.split('\n').slice(-lines - 1).join('\n');

/**
 * Runs a command with its output (stdout and stderr) appended to `log` instead of the terminal.
 * Resolves { ok: true } on exit 0; otherwise { ok: false, status, failure }, where `failure` is the
 * text to show: what failed, the end of its output and where the whole log is.
 */
export function runLogged(cmd, args, { cwd, log, env = process.env, tailLines = 60 }) {
  mkdirSync(path.dirname(log), { recursive: true });
  const header = `\n$ ${cmd} ${args.join(' ')}   (${new Date().toISOString()})\n`;
  if (existsSync(log)) appendFileSync(log, header);
  else writeFileSync(log, header);
  const start = statSync(log).size;
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => appendFileSync(log, chunk));
    child.stderr.on('data', (chunk) => appendFileSync(log, chunk));
    const done = (status, reason) => {
      if (status === 0) return resolve({ ok: true, status });
      const output = readFileSync(log).subarray(start).toString('utf8');
      resolve({
        ok: false,
        status,
        failure: `${tail(output.trimEnd(), tailLines)}\n[starlight] '${cmd} ${args.join(' ')}' failed (${reason}); the whole output is in ${log}\n`,
      });
    };
    child.on('error', (error) => done(1, error.message));
    child.on('close', (code, signal) => done(code ?? 1, code === null ? `signal ${signal}` : `exit ${code}`));
  });
}
