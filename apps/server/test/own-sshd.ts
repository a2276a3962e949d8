import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/*
 * An OpenSSH server of the test's own, for tests that must kill the file server mid-call: the shared
 * one on 2222 (scripts/services/sshd-up.sh) is never stopped. It reuses that server's host key,
 * authorised service key and users (so STARLIGHT_TEST_SSH_KEY and _HOSTKEY_SHA256 fit both), and
 * listens on the port the test names, in the foreground (`-D`), so every process it forks for a
 * connection is its descendant and can be killed by pid. Needs root (sshd) and sshd-up.sh's files.
 */
const sharedDir = '/var/lib/starlight-dev/ssh';
const sshd = '/usr/sbin/sshd';

/** Why an own sshd cannot run here, or null. */
export function ownSshdUnavailable(): string | null {
  if (process.getuid?.() !== 0) return 'not root (sshd needs it)';
  if (!existsSync(sshd)) return `${sshd} is not installed`;
  if (!existsSync(path.join(sharedDir, 'sshd_config'))) return `no ${sharedDir}/sshd_config: run scripts/services/sshd-up.sh first`;
  return null;
}

export interface OwnSshd {
  port: number;
  /** SIGKILL to the listener and every process serving a connection: clients see their TCP connection drop. */
  kill(): Promise<void>;
  /** SIGSTOP to every process serving a connection: the TCP connection stays open and nothing answers. */
  freeze(): Promise<void>;
  /** The processes serving connections (sshd per-connection children, sftp-server). */
  sessionPids(): Promise<number[]>;
  stop(): Promise<void>;
}

async function childrenOf(pid: number): Promise<number[]> {
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  const kids: number[] = [];
  for (const task of tasks) {
    const text = await readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '');
    kids.push(...text.split(/\s+/).filter(Boolean).map(Number));
  }
  return kids;
}

async function descendantsOf(pid: number): Promise<number[]> {
  const all: number[] = [];
  for (const kid of await childrenOf(pid)) all.push(kid, ...(await descendantsOf(kid)));
  return all;
}

const signal = (pids: readonly number[], name: NodeJS.Signals): void => {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // already gone
    }
  }
};

const listening = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export async function startOwnSshd(port: number): Promise<OwnSshd> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'starlight-own-sshd-'));
  const shared = await readFile(path.join(sharedDir, 'sshd_config'), 'utf8');
  const config = shared
    .split('\n')
    .filter((line) => !/^(Port|PidFile|ListenAddress)\b/.test(line))
    .concat([`Port ${port}`, 'ListenAddress 127.0.0.1', `PidFile ${path.join(dir, 'sshd.pid')}`])
    .join('\n');
  const configFile = path.join(dir, 'sshd_config');
  await writeFile(configFile, `${config}\n`, { mode: 0o600 });
  const child: ChildProcess = spawn(sshd, ['-D', '-f', configFile, '-E', path.join(dir, 'sshd.log')], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pid = child.pid;
  if (pid === undefined) throw new Error('sshd did not start');
  for (let i = 0; !(await listening(port)); i++) {
    if (i > 100 || child.exitCode !== null) throw new Error(`sshd on ${port} did not start: ${await readFile(path.join(dir, 'sshd.log'), 'utf8').catch(() => '')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const sessionPids = () => descendantsOf(pid);
  return {
    port,
    sessionPids,
    async kill() {
      const sessions = await sessionPids();
      signal([pid, ...sessions], 'SIGKILL');
      await exited;
    },
    async freeze() {
      signal(await sessionPids(), 'SIGSTOP');
    },
    async stop() {
      const sessions = await sessionPids();
      signal(sessions, 'SIGCONT');
      signal([pid, ...sessions], 'SIGKILL');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
