import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { mkdir, open, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isSameProcess, processStartTicks } from './proc';

/*
 * One local job = one process group: a constant bash wrapper (the group leader) that runs the
 * user's script file. The wrapper exists to measure: after the script it writes the exit status and
 * bash's `times` (user + system time of every child it reaped, i.e. the script and whatever the
 * script waited for) to a status file. Its TERM trap keeps it alive long enough to do so when the
 * whole group is signalled on timeout or cancel; handlers, unlike ignored signals, are not inherited,
 * so the script itself still dies of SIGTERM. The script and status paths are positional arguments,
 * never part of the command string.
 */
const wrapper = [
  "trap ':' TERM INT HUP",
  '/bin/bash "$1" </dev/null',
  'rc=$?',
  '{ printf "exit %s\\n" "$rc"; times; } >"$2"',
  'exit "$rc"',
].join('\n');

export interface JobProcessSpec {
  /** Private to the queue: holds the script file and the status file. */
  runDir: string;
  script: string;
  cwd: string;
  env: Record<string, string>;
  stdoutPath: string;
  stderrPath: string;
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
  await mkdir(spec.runDir, { recursive: true, mode: 0o700 });
  const scriptFile = path.join(spec.runDir, 'script.sh');
  await writeFile(scriptFile, spec.script, { mode: 0o700 });
  const stdout = await open(spec.stdoutPath, outputFlags, 0o644);
  const stderr = await open(spec.stderrPath, outputFlags, 0o644).catch(async (error: unknown) => {
    await stdout.close();
    throw error;
  });
  try {
    const child = spawn('/bin/bash', ['-c', wrapper, 'starlight-job', scriptFile, statusFile(spec.runDir)], {
      cwd: spec.cwd,
      env: spec.env,
      detached: true, // its own process group, so timeout and cancel reach every process of the job
      stdio: ['ignore', stdout.fd, stderr.fd],
    });
    const pid = await new Promise<number>((resolve, reject) => {
      child.once('spawn', () => resolve(child.pid as number));
      child.once('error', reject);
    });
    const ended = new Promise<number | null>((resolve) =>
      child.once('exit', (code, signal) => resolve(signal ? 128 + (os.constants.signals[signal] ?? 0) : code)),
    );
    return { pid, startTicks: await processStartTicks(pid), ended, release: () => child.unref() };
  } finally {
    await Promise.all([stdout.close(), stderr.close()]);
  }
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

