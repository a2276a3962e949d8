import { execFile } from 'node:child_process';
import { chown, lstat, mkdir, mkdtemp, readlink, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureServiceUser, runningAsRoot, type ServiceUser } from '../local-users/unix-users';
import { findBwrap } from './engine-binaries';

/**
 * The confinement every engine run on uploaded text gets outside a bound account's own run (issue 19):
 * `cwltool --validate` of an app's files. The files are written to a throwaway directory, which is the only
 * host directory the engine sees: bubblewrap (`bwrap`) gives it a fresh mount namespace holding /usr (read
 * only, with the /bin, /lib… links of a merged-/usr system), /etc/alternatives, a private /proc and /dev, an
 * empty /tmp, and the directory at /app (read only, the working directory) — no /etc, /root, /home, data
 * directory or Slurm key, whatever their modes. It has no network (`--unshare-all`: net, pid, ipc, uts, user,
 * cgroup), an empty environment, and dies with its parent. The server, when root, first drops to the
 * dedicated system user `starlight-cwl` (`setpriv --reuid --regid --clear-groups --no-new-privs`, no
 * capabilities), so the engine is neither root nor the server's user; time (wall and CPU), address space,
 * open files, processes and file size are limited (`prlimit`). Not root (a developer's laptop): no other user
 * can be taken, so the engine runs as the server's user inside the same namespaces, which still hide every host
 * file outside /usr; bubblewrap must then be allowed to make user namespaces (Debian's default).
 */

export interface SandboxLimits {
  timeoutMs: number;
  memoryBytes: number;
  cpuSeconds: number;
}

export const sandboxLimits: SandboxLimits = { timeoutMs: 120_000, memoryBytes: 2 * 1024 ** 3, cpuSeconds: 120 };

/** The Unix user validation runs as when the server is root. */
export const sandboxUserName = 'starlight-cwl';
const sandboxUserComment = 'Starlight CWL validator (no login, no files)';

export const sandboxInstallHint =
  'bubblewrap is not installed on this server: CWL validation runs only inside its sandbox; install it (Debian/Ubuntu: apt-get install bubblewrap) and retry';

export type ConfinedResult = { available: false; reason: string } | { available: true; code: number; output: string };

/** The top-level links of a merged-/usr system (`/bin -> usr/bin`), rebuilt inside; real folders are bound read-only. */
async function systemDirs(): Promise<string[]> {
  const args: string[] = ['--ro-bind', '/usr', '/usr'];
  for (const name of ['bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32']) {
    const at = `/${name}`;
    const info = await lstat(at).catch(() => undefined);
    if (!info) continue;
    if (info.isSymbolicLink()) args.push('--symlink', await readlink(at), at);
    else if (info.isDirectory()) args.push('--ro-bind', at, at);
  }
  return args;
}

async function writeThrowaway(files: Record<string, string>, user: ServiceUser | null): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'starlight-cwl-'));
  const owned = [dir];
  for (const [name, text] of Object.entries(files)) {
    const target = path.join(dir, name);
    if (!target.startsWith(dir + path.sep)) throw new Error(`bad file name ${name}`);
    for (let folder = path.dirname(target); folder !== dir; folder = path.dirname(folder)) owned.push(folder);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await writeFile(target, text, { mode: 0o400, flag: 'wx' });
    owned.push(target);
  }
  // made by root in a fresh 0700 directory, then handed to the validator user, who reads them through /app
  if (user) for (const entry of new Set(owned)) await chown(entry, user.uid, user.gid);
  return dir;
}

/**
 * `command args` (a program under /usr) with `files` in a throwaway directory mounted at /app, confined as
 * described above. `available: false` with the reason when a piece is missing (bubblewrap, the validator user,
 * user namespaces); otherwise the exit status (124 on the time limit) and what it printed.
 */
export async function runConfined(
  command: string,
  args: string[],
  files: Record<string, string>,
  limits: SandboxLimits = sandboxLimits,
  /** where bubblewrap is (a test hands a lookup that finds none) */
  locate: () => Promise<string | null> = findBwrap,
): Promise<ConfinedResult> {
  const bwrap = await locate();
  if (!bwrap) return { available: false, reason: sandboxInstallHint };
  if (!command.startsWith('/usr/')) return { available: false, reason: `${command} is outside /usr, the only system folder the validation sandbox sees: install it from the distribution` };
  let user: ServiceUser | null = null;
  if (runningAsRoot()) {
    try {
      user = await ensureServiceUser(sandboxUserName, sandboxUserComment);
    } catch (error) {
      return { available: false, reason: `the validation sandbox's user ${sandboxUserName} is not usable: ${(error as Error).message}` };
    }
  }
  const dir = await writeThrowaway(files, user);
  try {
    const limit = ['prlimit', `--as=${limits.memoryBytes}`, `--cpu=${limits.cpuSeconds}`, '--nofile=1024', '--nproc=4096', `--fsize=${64 * 1024 ** 2}`, '--core=0', '--'];
    const drop = user
      ? ['setpriv', `--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', '--no-new-privs', '--inh-caps=-all', '--bounding-set=-all', '--']
      : ['setpriv', '--no-new-privs', '--'];
    const sandbox = [
      bwrap,
      '--unshare-all',
      '--die-with-parent',
      '--new-session',
      '--clearenv',
      ...['--setenv', 'PATH', '/usr/local/bin:/usr/bin:/bin', '--setenv', 'LANG', 'C.UTF-8', '--setenv', 'HOME', '/tmp', '--setenv', 'TMPDIR', '/tmp'],
      ...(await systemDirs()),
      ...['--ro-bind-try', '/etc/alternatives', '/etc/alternatives'],
      ...['--proc', '/proc', '--dev', '/dev', '--size', String(256 * 1024 ** 2), '--tmpfs', '/tmp'],
      ...['--ro-bind', dir, '/app', '--chdir', '/app'],
      '--',
    ];
    const [program, ...rest] = [...limit, ...drop, ...sandbox, command, ...args];
    const { code, output } = await run(program!, rest, limits.timeoutMs);
    // bubblewrap's own failures (no user namespaces, a refused mount) start with "bwrap:"
    if (code !== 0 && /^bwrap: /m.test(output) && !/^(INFO|WARNING|ERROR) /m.test(output))
      return { available: false, reason: `the validation sandbox (bubblewrap) cannot start on this server: ${output.trim().split('\n')[0]}` };
    return { available: true, code, output };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function run(command: string, args: string[], timeoutMs: number): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 4 * 1024 * 1024, env: { PATH: '/usr/sbin:/usr/bin:/sbin:/bin', LANG: 'C.UTF-8' } }, (error, stdout, stderr) => {
      const output = `${stdout}${stderr}`;
      if (error && (error as { killed?: boolean }).killed) resolve({ code: 124, output: `${output}\ntook longer than ${timeoutMs / 1000} s` });
      else resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output });
    });
  });
}
