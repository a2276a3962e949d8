import { readdir, readFile } from 'node:fs/promises';

/*
 * Linux /proc readers. The local queue runs on Linux hosts only (the same hosts Slurm runs on);
 * `USER_HZ` is 100 on every Linux architecture Node supports, so ticks / 100 are seconds.
 */
const ticksPerSecond = 100;

interface ProcStat {
  state: string;
  pgrp: number;
  /** utime + stime + cutime + cstime, in ticks. */
  cpuTicks: number;
  startTicks: number;
}

async function readStat(pid: number | string): Promise<ProcStat | undefined> {
  let text: string;
  try {
    text = await readFile(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) may hold spaces and parentheses: fields restart after the last ')'.
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const field = (n: number): number => Number(rest[n - 3]);
  return {
    state: rest[0] ?? '?',
    pgrp: field(5),
    cpuTicks: field(14) + field(15) + field(16) + field(17),
    startTicks: field(22),
  };
}

export async function processStartTicks(pid: number): Promise<number | null> {
  return (await readStat(pid))?.startTicks ?? null;
}

/** True while `pid` is the same live process (a recycled pid has another start time). */
export async function isSameProcess(pid: number, startTicks: number | null): Promise<boolean> {
  const stat = await readStat(pid);
  if (!stat || stat.state === 'Z' || stat.state === 'X') return false;
  return startTicks === null || stat.startTicks === startTicks;
}

/** CPU time used so far by the processes of a group, including children they already reaped. */
export async function groupCpuSeconds(pgid: number): Promise<number> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const stats = await Promise.all(pids.map((pid) => readStat(pid)));
  const ticks = stats.reduce((sum, stat) => (stat?.pgrp === pgid ? sum + stat.cpuTicks : sum), 0);
  return ticks / ticksPerSecond;
}
