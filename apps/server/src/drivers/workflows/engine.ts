/**
 * The workflow engines (ARCHITECTURE §1 "workflows"): `cwltool` on the embedded local cluster, `toil-cwl-runner
 * --batchSystem slurm` on Slurm. Either runs as ONE scheduler job of the bound account whose working directory
 * is the run's folder in that account's home; the folder holds `app/` (the CWL files), `job.json`, and
 * receives `out/`, `engine.log` and `outputs.json`. The script is a constant: the only variable parts travel as
 * environment values (the main file's name, checked by the contract), never spliced into shell text.
 */

export type EngineKind = 'cwltool' | 'toil';

export const runFiles = {
  app: 'app',
  jobOrder: 'job.json',
  outputs: 'outputs.json',
  engineLog: 'engine.log',
  out: 'out',
  /** toil: worker logs (`--writeLogs`) and the job store. */
  logs: 'logs',
  jobStore: 'jobstore',
} as const;

const cwltoolScript = `#!/bin/bash
# Starlight app run (cwltool): everything stays in this folder.
set -u
mkdir -p out tmp
exec cwltool --disable-color --outdir "$PWD/out" --tmpdir-prefix "$PWD/tmp/" --tmp-outdir-prefix "$PWD/tmp/" \\
  "app/$STARLIGHT_CWL_MAIN" job.json >outputs.json 2>engine.log
`;

// --restart when the job store exists: a leader requeued by Slurm continues instead of starting over.
const toilScript = `#!/bin/bash
# Starlight app run (toil on Slurm): every step is a Slurm job of this account.
set -u
mkdir -p out logs tmp
restart=()
[ -d jobstore ] && restart=(--restart)
# the run's memory for each step job that asks for none itself (a ResourceRequirement ramMin still wins)
memory=()
[ -n "\${STARLIGHT_MEMORY_MB:-}" ] && memory=(--defaultMemory "\${STARLIGHT_MEMORY_MB}Mi")
exec toil-cwl-runner --batchSystem slurm --jobStore "$PWD/jobstore" "\${restart[@]}" "\${memory[@]}" --outdir "$PWD/out" \\
  --workDir "$PWD/tmp" --writeLogs "$PWD/logs" --writeLogsFromAllJobs --logInfo --retryCount 0 \\
  --disableCaching --statePollingWait 2 \\
  "app/$STARLIGHT_CWL_MAIN" job.json >outputs.json 2>engine.log
`;

export function engineScript(kind: EngineKind): string {
  return kind === 'cwltool' ? cwltoolScript : toilScript;
}

/**
 * Values the script reads; the partition goes to toil's own sbatch calls so the steps land where the leader may,
 * and the run's memory (MB, an integer) becomes toil's default memory per step job.
 */
export function engineEnvironment(kind: EngineKind, mainFile: string, partition: string, memoryMb?: number): Record<string, string> {
  if (kind === 'cwltool') return { STARLIGHT_CWL_MAIN: mainFile };
  return { STARLIGHT_CWL_MAIN: mainFile, TOIL_SLURM_ARGS: `--partition=${partition}`, ...(memoryMb ? { STARLIGHT_MEMORY_MB: String(Math.trunc(memoryMb)) } : {}) };
}

export type StepState = 'queued' | 'running' | 'done' | 'failed' | 'skipped' | 'cancelled';

const rank: Record<StepState, number> = { queued: 0, running: 1, skipped: 2, done: 3, failed: 4, cancelled: 5 };

/**
 * Step states from the engine's log. cwltool writes `[step NAME] start`, `[step NAME] completed success`,
 * `… completed permanentFail`, `[step NAME] will be skipped`; a scattered step's jobs are `[job NAME_2]`. Toil's
 * leader writes `Issued job 'NAME' …`, `Job failed with exit value N: 'NAME' …` and, from the cwltool inside each
 * worker, the same `[job NAME]` lines in the worker logs. A step that never appears is still queued.
 */
export function stepStatesFromLog(steps: readonly string[], log: string, runs: ReadonlyMap<string, string | undefined> = new Map()): Map<string, StepState> {
  const states = new Map<string, StepState>(steps.map((s) => [s, 'queued']));
  const raise = (step: string, state: StepState) => {
    const current = states.get(step);
    if (current !== undefined && (rank[state] > rank[current] || (current === 'done' && state === 'failed'))) states.set(step, state);
  };
  const stepOf = (name: string): string | undefined => {
    if (states.has(name)) return name;
    const base = name.replace(/_\d+$/, ''); // scatter jobs
    if (states.has(base)) return base;
    return [...states.keys()].find((s) => name.endsWith(`/${s}`) || name.endsWith(`#${s}`)) ?? toilStep(name, runs) ?? undefined;
  };
  for (const line of log.split('\n')) {
    let m = /\[(step|job) ([^\]]+)\] (.*)$/.exec(line);
    if (m) {
      const step = stepOf(m[2]!.trim());
      if (!step) continue;
      const rest = m[3]!;
      if (/will be skipped/.test(rest)) raise(step, 'skipped');
      else if (/^\s*ERROR\b/.test(line) || /\[E\] \[cwltool\]/.test(line)) raise(step, 'failed'); // `ERROR [step x] Cannot make job: …`
      else if (/completed success/.test(rest)) {
        if (m[1] === 'step') raise(step, 'done');
        else raise(step, 'running'); // one scatter job done; the step is done when `[step …] completed`
      } else if (/completed (permanentFail|temporaryFail)/.test(rest)) raise(step, 'failed');
      else raise(step, 'running');
      continue;
    }
    m = /Issued job '[^']+' (\S+)/.exec(line);
    if (m) {
      const step = stepOf(m[1]!);
      if (step) raise(step, 'running');
      continue;
    }
    m = /Job failed with exit value \d+: '[^']+' (\S+)/.exec(line);
    if (m) {
      const step = stepOf(m[1]!);
      if (step) raise(step, 'failed');
    }
  }
  return states;
}

/** What a finished engine run says: cwltool and toil print the output object as JSON on stdout. */
export function parseOutputs(text: string): unknown {
  const start = text.indexOf('{');
  if (start < 0) return null;
  try {
    return JSON.parse(text.slice(start)) as unknown;
  } catch {
    return null;
  }
}

/**
 * Toil names its Slurm jobs `toil_job_<n>_<job name>`, the job name being `<workflow file>.<scatter index>.<tool
 * file>` (`sort-and-count.cwl.1.sort-lines.cwl`): the step is the one whose `run:` is that tool file (`runs`:
 * step → its run file's base name), or whose name ends it.
 */
export function stepOfToilJob(jobName: string, runs: ReadonlyMap<string, string | undefined>): string | null {
  const m = /^toil_job_\d+_(.*)$/.exec(jobName);
  return m ? toilStep(m[1]!, runs) : null;
}

export function toilStep(name: string, runs: ReadonlyMap<string, string | undefined>): string | null {
  // `<wf>.<step>.<tool file>` names the step itself; a scattered job (`<wf>.<index>.<tool file>`) only its file
  for (const [step, file] of runs) if (name === step || name.endsWith(`.${step}`) || (file && name.endsWith(`.${step}.${file}`))) return step;
  for (const [step, file] of runs) if (file && (name === file || name.endsWith(`.${file}`))) return step;
  return null;
}

/**
 * Toil #4743: a refused `sbatch` (a bad partition, a limit) is retried and then left as a dead batch-system thread
 * while the leader waits for ever. Its log says so; the run must fail instead of waiting.
 */
export function toilSubmitFailed(log: string): string | null {
  const m = /Failed operation submitJob[^\n]*?: (sbatch: error: [^\n]*)/.exec(log) ?? /(sbatch: error: [^\n]*)/.exec(log) ?? /(sbatch command failed[^\n]*)/.exec(log);
  return m ? m[1]!.trim() : null;
}

/**
 * A toil step whose `when` was false: its job ran (the worker logged `Completed body for …`) but the cwltool inside
 * never ran a command (no `[job …]` line). `log` is the step's worker logs (`--writeLogs`).
 */
export function toilStepSkipped(log: string): boolean {
  return /Completed body for/.test(log) && !/\[cwltool\] \[job [^\]]+\]/.test(log);
}

/** A toil step's state from its Slurm jobs (null: none seen yet, the log decides). */
export function stepStateFromJobs(states: readonly string[]): StepState | null {
  if (!states.length) return null;
  if (states.some((s) => ['FAILED', 'TIMEOUT', 'NODE_FAIL', 'OUT_OF_MEMORY', 'BOOT_FAIL', 'DEADLINE'].includes(s))) return 'failed';
  if (states.some((s) => s === 'CANCELLED')) return 'cancelled';
  if (states.some((s) => ['PENDING', 'RUNNING', 'COMPLETING', 'CONFIGURING', 'SUSPENDED'].includes(s))) return 'running';
  return 'done';
}
