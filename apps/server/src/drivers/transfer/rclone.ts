import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * Debian's rclone as the transfer engine: remotes are given as RCLONE_CONFIG_SRC_* environment
 * variables (nothing written to a config file), the process runs as the account's Unix user when the
 * server may switch users (setpriv, as local jobs do), and progress comes from its JSON stats log.
 */
export interface RcloneRemote {
  type: 'sftp' | 'webdav' | 's3';
  /** Option name → value (`host`, `user`, `pass` obscured, `key_pem` …), turned into RCLONE_CONFIG_SRC_*. */
  options: Record<string, string>;
}
export interface RunAs {
  uid: number;
  gid: number;
}
export interface RcloneStats {
  bytes: number;
  totalBytes: number;
  speed: number;
}

export const rcloneBinary = process.env.STARLIGHT_RCLONE ?? 'rclone';
export const remoteName = 'src';

export function rcloneAvailable(): boolean {
  return spawnSync(rcloneBinary, ['version'], { stdio: 'ignore', timeout: 10_000 }).status === 0;
}

/** rcloneAvailable without blocking the loop (the server's start probes it beside its other work). */
export function probeRclone(): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(rcloneBinary, ['version'], { stdio: 'ignore', timeout: 10_000 });
    child.once('error', () => resolve(false));
    child.once('close', (code) => resolve(code === 0));
  });
}

/** rclone keeps passwords "obscured" in its settings; `rclone obscure -` reads the secret from stdin. */
export function obscure(secret: string): string {
  const run = spawnSync(rcloneBinary, ['obscure', '-'], { input: secret, encoding: 'utf8', timeout: 10_000 });
  if (run.status !== 0) throw new Error(`rclone obscure failed: ${run.stderr}`);
  return run.stdout.trim();
}

function envOf(remote: RcloneRemote, home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, RCLONE_CONFIG_SRC_TYPE: remote.type };
  for (const [key, value] of Object.entries(remote.options)) env[`RCLONE_CONFIG_SRC_${key.toUpperCase()}`] = value;
  return env;
}

function spawnRclone(args: string[], remote: RcloneRemote, home: string, runAs: RunAs | undefined): ChildProcess {
  const full = ['--config', '/dev/null', ...args];
  const [command, commandArgs] = runAs
    ? ['setpriv', [`--reuid=${runAs.uid}`, `--regid=${runAs.gid}`, '--clear-groups', '--', rcloneBinary, ...full]]
    : [rcloneBinary, full];
  return spawn(command, commandArgs, { env: envOf(remote, home), cwd: home, stdio: ['ignore', 'pipe', 'pipe'] });
}

export interface CopyRun {
  pid: number;
  /** Exit code (null when killed) and the last lines rclone logged. */
  done: Promise<{ code: number | null; tail: string[] }>;
  stop(): void;
}

/**
 * `rclone copy src:<remotePath> <dest>`: files already there with the same size and time are skipped,
 * which is what makes a second run after an interruption a resume.
 */
export function copy(options: { remote: RcloneRemote; remotePath: string; dest: string; home: string; runAs?: RunAs | undefined; bwlimit?: string; onStats: (stats: RcloneStats) => void }): CopyRun {
  const args = ['copy', `${remoteName}:${options.remotePath}`, options.dest, '--use-json-log', '-v', '--stats', '1s', '--retries', '3', '--low-level-retries', '5'];
  if (options.bwlimit) args.push('--bwlimit', options.bwlimit);
  const child = spawnRclone(args, options.remote, options.home, options.runAs);
  const tail: string[] = [];
  const lines = createInterface({ input: child.stderr as NodeJS.ReadableStream });
  lines.on('line', (line) => {
    try {
      const entry = JSON.parse(line) as { msg?: string; level?: string; stats?: RcloneStats };
      if (entry.stats) options.onStats({ bytes: entry.stats.bytes, totalBytes: entry.stats.totalBytes, speed: Math.round(entry.stats.speed) });
      else if (entry.msg) tail.push(`${entry.level ?? ''}: ${entry.msg.trim()}`);
    } catch {
      tail.push(line);
    }
    if (tail.length > 40) tail.shift();
  });
  child.stdout?.resume();
  const done = new Promise<{ code: number | null; tail: string[] }>((resolve) => {
    child.once('error', (error) => resolve({ code: -1, tail: [...tail, String(error)] }));
    child.once('close', (code) => resolve({ code, tail }));
  });
  return { pid: child.pid ?? 0, done, stop: () => void child.kill('SIGTERM') };
}

/** `rclone hashsum sha1` of a remote path (`--download` when the remote computes no hashes) or a local folder. */
export async function sha1sums(options: { target: string; remote: RcloneRemote; home: string; runAs?: RunAs | undefined; download: boolean }): Promise<Map<string, string>> {
  const args = ['hashsum', 'sha1', options.target, ...(options.download ? ['--download'] : [])];
  const child = spawnRclone(args, options.remote, options.home, options.runAs);
  const sums = new Map<string, string>();
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  lines.on('line', (line) => {
    const match = line.match(/^([0-9a-f]{40})\s+(.+)$/);
    if (match?.[1] && match[2]) sums.set(match[2], match[1]);
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`rclone hashsum failed: ${errors.trim()}`);
  return sums;
}

/** `rclone size --json` of the remote path: the total to transfer. */
export async function sizeOf(options: { remote: RcloneRemote; remotePath: string; home: string; runAs?: RunAs | undefined }): Promise<number> {
  const child = spawnRclone(['size', '--json', `${remoteName}:${options.remotePath}`], options.remote, options.home, options.runAs);
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.resume();
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0) return 0;
  return (JSON.parse(out) as { bytes?: number }).bytes ?? 0;
}
