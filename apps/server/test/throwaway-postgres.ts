import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A PostgreSQL cluster of its own (initdb in a temp folder, a free loopback port) that a test may stop,
 * kill and restart: the shared cluster on 5432 is never touched. initdb refuses root, so as root the
 * binaries run as the `postgres` OS user.
 */
const run = promisify(execFile);

/** The newest /usr/lib/postgresql/<version>/bin holding initdb and pg_ctl, or null. */
export function postgresBinaries(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => /^\d+$/.test(v) && existsSync(path.join(base, v, 'bin', 'initdb')) && existsSync(path.join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ThrowawayPostgres {
  url: string;
  port: number;
  /** Starts it unless it runs. */
  start(): Promise<void>;
  /** `pg_ctl stop -m fast`: backends are told 'terminating connection due to administrator command'. */
  stopFast(): Promise<void>;
  /** SIGKILL to the postmaster; resolves once its backends have gone too (a restart needs that). */
  killPostmaster(): Promise<void>;
  destroy(): Promise<void>;
}

export async function createThrowawayPostgres(bin: string): Promise<ThrowawayPostgres> {
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'starlight-pg-'));
  if (asRoot) {
    const [uid, gid] = await Promise.all(['-u', '-g'].map(async (flag) => Number((await run('id', [flag, 'postgres'])).stdout.trim())));
    await chown(dir, uid!, gid!);
  }
  const as = (command: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args));
  const data = path.join(dir, 'data');
  const port = await freePort();
  await as(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const pgCtl = (args: string[]) => as(path.join(bin, 'pg_ctl'), ['-D', data, ...args]);
  const running = () => pgCtl(['status']).then(() => true, () => false);
  const start = async () => {
    if (!(await running())) await pgCtl(['-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '30', 'start']);
  };
  const postmasterPid = async () => Number((await readFile(path.join(data, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const backendsOf = async (pid: number) =>
    (await run('ps', ['-o', 'pid=', '--ppid', String(pid)]).catch(() => ({ stdout: '' }))).stdout.split('\n').filter((l) => l.trim());

  await start();
  await as(path.join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-qc', 'create database starlight']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/starlight`,
    port,
    start,
    stopFast: async () => void (await pgCtl(['-m', 'fast', '-w', 'stop'])),
    async killPostmaster() {
      const pid = await postmasterPid();
      const backends = (await backendsOf(pid)).map(Number);
      process.kill(pid, 'SIGKILL');
      // orphaned backends notice the postmaster's death and exit; a new postmaster refuses to start beside them
      const deadline = Date.now() + 15_000;
      while ([pid, ...backends].some(alive)) {
        if (Date.now() > deadline) throw new Error('backends of the killed postmaster did not exit within 15 s');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async destroy() {
      await pgCtl(['-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
