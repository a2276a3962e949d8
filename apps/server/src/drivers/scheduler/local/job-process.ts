import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:fs';
import { chmod, chown, mkdir, open, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isSameProcess, processStartTicks } from './proc';

/*
 * One local job = one process group: a constant bash wrapper (the group leader) that runs the job's
 * command (its arguments after the status file). The wrapper exists to measure: after the command it
 * writes the exit status and bash's `times` (user + system time of every child it reaped, i.e. the
 * script and whatever the script waited for) to a status file. Its TERM trap keeps it alive long enough
 * to do so when the whole group is signalled on timeout or cancel; handlers, unlike ignored signals, are
 * not inherited, so the script itself still dies of SIGTERM. The script and status paths are positional
 * arguments, never part of the command string.
 */
const wrapper = [
  "trap ':' TERM INT HUP",
  '"${@:2}" </dev/null',
  'rc=$?',
  '{ printf "exit %s\\n" "$rc"; times; } >"$1"',
  'exit "$rc"',
].join('\n');

/*
 * With the account's own Unix user, the wrapper stays root (the server's uid), so the status file it
 * writes — the job's exit status and CPU time — is out of the job's reach; only the script's side
 * switches user with setpriv (uid, gid, supplementary groups cleared) and, under umask 077, opens its
 * output files itself, as that user, so a link planted in the home can never make root write elsewhere.
 */
const asUser = 'umask 077; exec >"$1" 2>"$2" </dev/null || exit 1; exec /bin/bash "$3"';

/*
 * ... and in a PID namespace of its own with its own /proc (`ps` shows the job's processes only, never
 * another account's or the server's command lines). `unshare --fork` stays in the wrapper's group and
 * waits (it blocks SIGTERM and SIGINT while it does), and passes on the exit status. Its child, pid 1 in
 * the namespace, is a root bash that runs the script side as pid 2: pid 1 ignores every signal it has no
 * handler for, so the script must not be pid 1, or SIGTERM would never reach it; the trap also keeps that
 * bash from exec'ing its command. Everything in the group still gets the group's signals (the namespace
 * keeps the wrapper's process group as seen from the host), and when pid 1 ends the kernel kills whatever
 * is left in the namespace, even processes that left the group with setsid. Propagation `slave`: mounts
 * made on the host later still reach a running job; its own /proc goes nowhere.
 */
const pidNamespace = ['unshare', '--pid', '--fork', '--mount-proc', '--propagation', 'slave', '--'];
const namespaceInit = ['/bin/bash', '-c', "trap ':' TERM INT HUP; \"$@\"", 'starlight-init'];

let pidNamespaceProbe: Promise<boolean> | undefined;

/**
 * Whether jobs can have their own PID namespace here: root with CAP_SYS_ADMIN and util-linux `unshare`
 * (not in most unprivileged containers). Asked once per process.
 */
export function pidNamespacesAvailable(): Promise<boolean> {
  pidNamespaceProbe ??= new Promise((resolve) => {
    execFile(pidNamespace[0]!, [...pidNamespace.slice(1), '/bin/true'], { timeout: 10_000 }, (error) => resolve(!error));
  });
  return pidNamespaceProbe;
}

export interface JobProcessSpec {
  /** Private to the queue: holds the script file and the status file. */
  runDir: string;
  script: string;
  cwd: string;
  env: Record<string, string>;
  stdoutPath: string;
  stderrPath: string;
  /** The account's own Unix user (server running as root); absent: the job runs as the server's user. */
  runAs?: { uid: number; gid: number };
}

export interface JobProcess {
  pid: number;
  startTicks: number | null;
  /**
   * Resolves once the group leader is gone, with its exit status as a shell would print it
   * (128 + n for signal n); null for an adopted process, whose end we only observe.
   */
  ended: Promise<number | null>;
  /** Stop watching without touching the process (server shutdown: it keeps running, a restart re-adopts it). */
  release(): void;
}

export interface JobOutcome {
  exitCode: number;
  cpuSeconds: number;
}

export const statusFile = (runDir: string): string => path.join(runDir, 'status');

// O_NOFOLLOW: a symlink planted under the output file's name must not redirect the job's output.
const outputFlags = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;

export async function spawnJobProcess(spec: JobProcessSpec): Promise<JobProcess> {
  if (spec.runAs) return spawnAsUser(spec, spec.runAs);
  await mkdir(spec.runDir, { recursive: true, mode: 0o700 });
  const scriptFile = path.join(spec.runDir, 'script.sh');
  await writeFile(scriptFile, spec.script, { mode: 0o700 });
  const stdout = await open(spec.stdoutPath, outputFlags, 0o644);
  const stderr = await open(spec.stderrPath, outputFlags, 0o644).catch(async (error: unknown) => {
    await stdout.close();
    throw error;
  });
  try {
    const child = spawn('/bin/bash', ['-c', wrapper, 'starlight-job', statusFile(spec.runDir), '/bin/bash', scriptFile], {
      cwd: spec.cwd,
      env: spec.env,
      detached: true, // its own process group, so timeout and cancel reach every process of the job
      stdio: ['ignore', stdout.fd, stderr.fd],
    });
    return await watchChild(child);
  } finally {
    await Promise.all([stdout.close(), stderr.close()]);
  }
}

/**
 * The run directory stays root's (0711: the user may pass, not list or write), the script in it is
 * the user's own (0600), the status file the wrapper's. The wrapper's own stderr (setpriv's or
 * unshare's complaints, an output file the user cannot create) goes to the server's.
 */
async function spawnAsUser(spec: JobProcessSpec, user: { uid: number; gid: number }): Promise<JobProcess> {
  await mkdir(spec.runDir, { recursive: true, mode: 0o711 });
  await chmod(spec.runDir, 0o711);
  const scriptFile = path.join(spec.runDir, 'script.sh');
  await writeFile(scriptFile, spec.script, { mode: 0o600 });
  await chown(scriptFile, user.uid, user.gid);
  const switchUser = ['setpriv', `--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', '--', '/bin/bash', '-c', asUser, 'starlight-job', spec.stdoutPath, spec.stderrPath, scriptFile];
  const isolate = (await pidNamespacesAvailable()) ? [...pidNamespace, ...namespaceInit] : [];
  const child = spawn('/bin/bash', ['-c', wrapper, 'starlight-job', statusFile(spec.runDir), ...isolate, ...switchUser], {
    cwd: spec.cwd,
    env: spec.env,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return watchChild(child);
}

async function watchChild(child: ChildProcess): Promise<JobProcess> {
  const pid = await new Promise<number>((resolve, reject) => {
    child.once('spawn', () => resolve(child.pid as number));
    child.once('error', reject);
  });
  const ended = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ? 128 + (os.constants.signals[signal] ?? 0) : code)),
  );
  return { pid, startTicks: await processStartTicks(pid), ended, release: () => child.unref() };
}

/** Watch a job process left running by a previous server; undefined when it is gone. */
export async function adoptJobProcess(pid: number, startTicks: number | null, pollMs: number): Promise<JobProcess | undefined> {
  if (!(await isSameProcess(pid, startTicks))) return undefined;
  let timer: NodeJS.Timeout | undefined;
  const ended = new Promise<number | null>((resolve) => {
    timer = setInterval(() => {
      void isSameProcess(pid, startTicks).then((alive) => {
        if (!alive) {
          clearInterval(timer);
          resolve(null);
        }
      });
    }, pollMs);
  });
  return { pid, startTicks, ended, release: () => clearInterval(timer) };
}

/** What the wrapper reported; undefined when it was killed before it could (SIGKILL). */
export async function readJobOutcome(runDir: string): Promise<JobOutcome | undefined> {
  let text: string;
  try {
    text = await readFile(statusFile(runDir), 'utf8');
  } catch {
    return undefined;
  }
  const exit = /^exit (\d+)$/m.exec(text);
  // `times` prints the shell's own user/system time, then its children's: we want the second line.
  const childLine = text.trim().split('\n')[2] ?? '';
  const parts = [...childLine.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  if (!exit || parts.length !== 2) return undefined;
  return { exitCode: Number(exit[1]), cpuSeconds: (parts[0] ?? 0) + (parts[1] ?? 0) };
}

/** Signal the job's whole process group; a group that is already gone is not an error. */
export function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

