import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Code } from '@starlight/contract/codes';
import { finishedRunStates, type Run, type RunDetail, type RunLaunch, type RunState, type RunStep } from '@starlight/contract/apps';
import { checkJobOrder } from '@starlight/contract/cwl/job-order';
import type { CwlPort } from '@starlight/contract/cwl/inputs';
import type { List } from '@starlight/contract/envelope';
import type { SchedulerJob } from '../../drivers/scheduler/interface';
import { engineInstallHint, findCwltool } from '../../drivers/workflows/engine-binaries';
import { engineEnvironment, engineScript, parseOutputs, runFiles, stepOfToilJob, stepStateFromJobs, stepStatesFromLog, toilStepSkipped, toilSubmitFailed, type EngineKind } from '../../drivers/workflows/engine';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { BindingService } from '../binding/binding.service';
import type { ClusterRow, ClustersService } from '../clusters/clusters.service';
import type { JobSubmitService } from '../jobs/job-submit.service';
import type { AppsRepo, AppVersionRow } from './apps.repo';
import type { AppsService } from './apps.service';
import { siblingOf } from './cwl-check';
import { readText, resolveInputFiles, withHomePaths, writeText } from './run-files';
import { cwltoolStepLogs, toilStepLogs } from './step-logs';
import type { RunRow, RunsRepo } from './runs.repo';

export interface RunsDeps {
  repo: RunsRepo;
  appsRepo: AppsRepo;
  apps: AppsService;
  clusters: ClustersService;
  binding: Pick<BindingService, 'accountOf'>;
  submit: Pick<JobSubmitService, 'target' | 'admit' | 'submit'>;
  log?: (error: unknown, context: string) => void;
  now?: () => Date;
  pinImages?: ImagePinner;
}

/** The files with each hub image they name pinned to its digest, and the pins (reference → reference by digest). */
export type ImagePinner = (actor: Actor, files: Record<string, string>) => Promise<{ files: Record<string, string>; images: Record<string, string> }>;

const isAdmin = (actor: Actor) => actor.permissions.includes('create_app_by_admin');
const invalid = (field: string, message: string) => new AppError(Code.invalidInput, `${field}: ${message}`, { fields: [{ path: field, message }] });

/**
 * Steps: a workflow's steps with the base name of the file each runs (toil names its jobs after it); a tool is
 * one step named after its file (cwltool logs `[job wc.cwl]`).
 */
function stepRuns(version: AppVersionRow): Map<string, string | undefined> {
  const parsed = version.parsed;
  const graph = Array.isArray(parsed.$graph) ? (parsed.$graph as Record<string, unknown>[]).find((p) => p.id === 'main' || p.id === '#main') : parsed;
  const steps = graph?.steps;
  const runOf = (s: unknown) => {
    const run = (s as { run?: unknown } | null)?.run;
    return typeof run === 'string' ? path.posix.basename(run.replace(/^#/, '')) : undefined;
  };
  if (Array.isArray(steps)) return new Map(steps.map((s: { id?: string }, i) => [String(s.id ?? i).replace(/^#?(main\/)?/, ''), runOf(s)]));
  if (steps && typeof steps === 'object') return new Map(Object.entries(steps).map(([k, v]) => [k, runOf(v)]));
  return new Map([[path.posix.basename(version.mainFile), undefined]]);
}
const stepNames = (version: AppVersionRow): string[] => [...stepRuns(version).keys()];

/** The workflow's steps that have a `when` (toil runs them and they may turn out skipped). */
function conditionalSteps(version: AppVersionRow): Set<string> {
  const parsed = version.parsed;
  const graph = Array.isArray(parsed.$graph) ? (parsed.$graph as Record<string, unknown>[]).find((p) => p.id === 'main' || p.id === '#main') : parsed;
  const steps = graph?.steps;
  const list: [string, unknown][] = Array.isArray(steps)
    ? steps.map((s: { id?: string }, i) => [String(s.id ?? i).replace(/^#?(main\/)?/, ''), s])
    : steps && typeof steps === 'object'
      ? Object.entries(steps)
      : [];
  return new Set(list.filter(([, s]) => s && typeof s === 'object' && 'when' in s).map(([id]) => id));
}

const engineOf = (cluster: ClusterRow): EngineKind => (cluster.driver === 'local' ? 'cwltool' : 'toil');

/** A run from the scheduler's job: its state, and for toil the step jobs it submitted from the run's folder. */
function runStateOf(job: SchedulerJob | null): RunState | null {
  if (!job) return null;
  if (job.state === 'PENDING') return 'queued';
  if (['RUNNING', 'COMPLETING', 'SUSPENDED', 'CONFIGURING'].includes(job.state)) return 'running';
  if (job.state === 'COMPLETED') return 'done';
  if (job.state === 'CANCELLED') return 'cancelled';
  return 'failed';
}

/**
 * Runs: launch (job order checked, files resolved in the caller's storage, the partition checked — all before
 * anything is written), then the engine as one scheduler job of the bound account. A run's state is never kept
 * in memory: every read (and the leader's poller) re-reads the scheduler job and the engine's log, so a
 * restarted server loses nothing.
 */
export function createRunsService({ repo, appsRepo, apps, clusters, binding, submit, log = () => undefined, now = () => new Date(), pinImages }: RunsDeps) {
  async function access(actor: Actor, appName: string, uuid: string): Promise<RunRow> {
    const run = await repo.byUuid(uuid);
    if (!run || run.appName !== appName || (run.userId !== actor.userId && !isAdmin(actor))) throw new AppError(Code.notFound, `run ${uuid} not found`);
    return run;
  }

  const toRun = (r: RunRow): Run => ({
    uuid: r.uuid,
    app: r.appName,
    app_title: r.appTitle,
    version: r.version,
    user_name: r.userName,
    account: r.account,
    cluster: r.clusterName,
    partition: r.partition,
    engine: r.engine as Run['engine'],
    state: r.state as RunState,
    job_id: r.jobId,
    run_dir: r.runDir,
    error: r.error,
    created_at: r.createdAt.toISOString(),
    started_at: r.startedAt?.toISOString() ?? null,
    ended_at: r.endedAt?.toISOString() ?? null,
  });

  async function resources(cluster: ClusterRow, partition: string, input: RunLaunch, version: AppVersionRow) {
    const params = await appsRepo.paramFor(cluster.name, partition);
    const cpus = input.cpus ?? params?.defaultCpus ?? version.resources.cores ?? 1;
    const memory = input.memory_mb ?? params?.defaultMemoryMb ?? version.resources.ram_mb;
    const time = input.time_limit_minutes ?? params?.defaultTimeMinutes ?? undefined;
    if (params?.maxCpus && cpus > params.maxCpus) throw invalid('body.cpus', `at most ${params.maxCpus} cores on ${partition}`);
    if (params?.maxMemoryMb && memory && memory > params.maxMemoryMb) throw invalid('body.memory_mb', `at most ${params.maxMemoryMb} MB on ${partition}`);
    if (params?.maxTimeMinutes && time && time > params.maxTimeMinutes) throw invalid('body.time_limit_minutes', `at most ${params.maxTimeMinutes} minutes on ${partition}`);
    return { cpus, time, memory };
  }

  /** Re-reads one unfinished run from the scheduler and the engine's files; finished runs are final. */
  async function refresh(run: RunRow): Promise<RunRow> {
    if ((finishedRunStates as readonly string[]).includes(run.state) || !run.jobId) return run;
    const cluster = await clusters.rowById(run.clusterId);
    if (!cluster) return run;
    const identity = { kind: 'user' as const, account: run.account };
    const scheduler = await clusters.scheduler(cluster);
    const job = await scheduler.getJob(identity, run.jobId).catch(() => null);
    const files = await clusters.files(cluster);
    const fileIdentity = { account: run.account };
    const engineLog = files ? await readText(files, fileIdentity, path.posix.join(run.runDir, runFiles.engineLog)) : null;
    const version = await appsRepo.versionById(run.versionId);
    const runs = version ? stepRuns(version) : new Map<string, string | undefined>();
    const names = [...runs.keys()];
    const states = stepStatesFromLog(names, engineLog ?? '', runs);
    let state = runStateOf(job) ?? (run.state as RunState);
    let error: string | null = null;
    let outputs: unknown = null;
    const stepJobs = new Map<string, string[]>();
    if (run.engine === 'toil') {
      // every step job toil submitted from the run's folder, as the same account; known ids are kept (a finished job
      // may have left the scheduler's list) and their states decide the step's
      for (const step of run.steps) stepJobs.set(step.name, [...step.job_ids]);
      const jobStates = new Map<string, string[]>();
      const seen = await scheduler.listJobs(identity, { users: [run.account] }).catch(() => []);
      for (const j of seen) {
        if (j.workingDirectory !== run.runDir || j.jobId === run.jobId) continue;
        const step = stepOfToilJob(j.name, runs);
        if (!step) continue;
        if (!stepJobs.get(step)?.includes(j.jobId)) stepJobs.set(step, [...(stepJobs.get(step) ?? []), j.jobId]);
        jobStates.set(step, [...(jobStates.get(step) ?? []), j.state]);
      }
      for (const [step, list] of jobStates) {
        const fromJobs = stepStateFromJobs(list);
        if (fromJobs) states.set(step, fromJobs);
      }
      // toil #4743: a refused sbatch leaves the leader waiting; it fails the run here and stops the leader
      const refused = engineLog ? toilSubmitFailed(engineLog) : null;
      if (refused && (state === 'running' || state === 'queued')) {
        state = 'failed';
        error = `the scheduler refused a step: ${refused}`.slice(0, 500);
        await cancelAll(cluster, run, [...stepJobs.values()].flat());
      }
      // a step whose `when` was false ran as a job that ran no command: skipped, read from its worker log
      const conditional = version ? conditionalSteps(version) : new Set<string>();
      if (state === 'done' && conditional.size && files) {
        const logs = await toilStepLogs(files, fileIdentity, run.runDir, runs);
        for (const step of conditional) if (toilStepSkipped(logs.get(step) ?? '')) states.set(step, 'skipped');
      }
      if (engineLog && /toil-cwl-runner: (command )?not found/.test(engineLog)) error = engineInstallHint.toil;
    } else {
      for (const name of names) stepJobs.set(name, [run.jobId]);
      if (engineLog && /cwltool: (command )?not found/.test(engineLog)) error = engineInstallHint.cwltool;
    }
    if (state === 'done' && files) {
      const text = await readText(files, fileIdentity, path.posix.join(run.runDir, runFiles.outputs));
      outputs = text === null ? null : parseOutputs(text);
      if (outputs === null) state = 'failed';
      else outputs = withHomePaths(outputs, await files.homePath(fileIdentity));
    }
    if (state === 'failed' && !error) error = engineLog?.trim().split('\n').filter((l) => /ERROR|error|Error/.test(l)).slice(-1)[0]?.slice(0, 500) ?? `the engine job ended ${job?.state ?? 'unknown'}`;
    const steps: RunStep[] = names.map((name) => {
      let s = states.get(name) ?? 'queued';
      if (state === 'done' && (s === 'running' || s === 'queued')) s = 'done';
      if (state === 'failed' && s === 'running') s = 'failed';
      if (state === 'cancelled' && (s === 'running' || s === 'queued')) s = 'cancelled';
      return { name, state: s, job_ids: stepJobs.get(name) ?? [], log: null };
    });
    const finished = (finishedRunStates as readonly string[]).includes(state);
    const patch = {
      state,
      steps,
      ...(job?.startTime ? { startedAt: job.startTime } : {}),
      ...(finished ? { endedAt: job?.endTime ?? now(), outputs, error } : {}),
    };
    await repo.update(run.id, patch);
    return { ...run, ...patch, outputs: finished ? outputs : run.outputs, error: finished ? error : run.error };
  }

  async function cancelAll(cluster: ClusterRow, run: RunRow, stepJobIds: string[]) {
    const scheduler = await clusters.scheduler(cluster);
    const identity = { kind: 'user' as const, account: run.account };
    for (const id of [...stepJobIds, ...(run.jobId ? [run.jobId] : [])]) await scheduler.cancelJob(identity, id).catch((e: unknown) => log(e, `cancelling job ${id} of run ${run.uuid}`));
  }

  return {
    refresh,

    async launch(actor: Actor, appName: string, input: RunLaunch): Promise<Run> {
      const app = await apps.readable(actor, appName);
      const version = await appsRepo.version(app.id, input.version ?? app.latestVersion);
      if (!version) throw invalid('body.version', `app ${appName} has no version ${input.version}`);
      const account = await binding.accountOf(actor.userId);
      if (!account) throw new AppError(Code.forbidden, 'bind a system account before launching apps');
      const checked = checkJobOrder(version.inputs as CwlPort[], input.job_order, 'job_order');
      if (checked.issues.length) {
        const fields = checked.issues.map((i) => ({ path: `body.${i.path}`, message: i.message }));
        throw new AppError(Code.invalidInput, `the job order does not match the app's inputs: ${fields[0]!.path} ${fields[0]!.message}`, { fields });
      }
      const { cluster, partition } = await submit.target(actor, { partition: input.partition, ...(input.cluster ? { cluster: input.cluster } : {}) });
      const { cpus, time, memory } = await resources(cluster, partition.name, input, version);
      // the fee rule and the partition's limits before anything is written (submit checks them again)
      await submit.admit(actor, { cluster: cluster.name, partition: partition.name, cpus, ...(time ? { time_limit_minutes: time } : {}) });
      const engine = engineOf(cluster);
      if (engine === 'cwltool' && !(await findCwltool())) throw new AppError(Code.upstreamDown, engineInstallHint.cwltool);
      const files = await clusters.files(cluster);
      if (!files) throw new AppError(Code.upstreamDown, `cluster ${cluster.name} has no file access for runs`);
      const identity = { account };
      const home = await files.homePath(identity);
      const jobOrder = await resolveInputFiles(files, identity, home, input.job_order, checked.files);

      const uuid = randomUUID();
      const runDir = path.posix.join(home, 'app-runs', app.name, uuid);
      const appFiles: Record<string, string> = { ...version.files, [version.mainFile]: version.cwlText };
      for (const used of version.uses) {
        const usedApp = await appsRepo.byName(used.name);
        const usedVersion = usedApp && (await appsRepo.version(usedApp.id, used.version));
        if (usedVersion) appFiles[siblingOf(version.mainFile, `${used.name}.cwl`)] = usedVersion.cwlText;
      }
      // hub images resolved to digests now: the engine, and any re-run of this folder, pull exactly these bytes
      const pinned = pinImages ? await pinImages(actor, appFiles) : { files: appFiles, images: {} };
      for (const [name, text] of Object.entries(pinned.files)) await writeText(files, identity, path.posix.join(runDir, runFiles.app, name), text);
      await writeText(files, identity, path.posix.join(runDir, runFiles.jobOrder), JSON.stringify(jobOrder, null, 2));

      const id = await repo.insert({
        uuid,
        appId: app.id,
        versionId: version.id,
        userId: actor.userId,
        account,
        clusterId: cluster.id,
        partition: partition.name,
        engine,
        state: 'queued',
        jobOrder: input.job_order,
        images: pinned.images,
        runDir,
        steps: stepNames(version).map((name) => ({ name, state: 'queued', job_ids: [], log: null })),
        createdAt: now(),
      });
      try {
        const { job_id } = await submit.submit(
          actor,
          { cluster: cluster.name, partition: partition.name, name: `app-${app.name}`, script: engineScript(engine), cpus, ...(time ? { time_limit_minutes: time } : {}), working_directory: runDir },
          { env: engineEnvironment(engine, version.mainFile, partition.name, memory), ...(memory ? { memoryMb: memory } : {}) },
        );
        await repo.update(id, { jobId: job_id });
      } catch (error) {
        await repo.update(id, { state: 'failed', error: error instanceof Error ? error.message : String(error), endedAt: now() });
        throw error;
      }
      return toRun((await repo.byUuid(uuid))!);
    },

    async list(actor: Actor, query: { page: number; page_size: number; field_eq_state?: RunState[] | undefined; field_eq_app?: string | undefined; field_eq_cluster?: string | undefined; scope: 'mine' | 'all' }): Promise<List<Run>> {
      if (query.scope === 'all' && !isAdmin(actor)) throw new AppError(Code.forbidden, "every user's runs need create_app_by_admin");
      const filter = {
        ...(query.scope === 'mine' ? { userId: actor.userId } : {}),
        ...(query.field_eq_state ? { states: query.field_eq_state } : {}),
        ...(query.field_eq_app ? { appName: query.field_eq_app } : {}),
        ...(query.field_eq_cluster ? { clusterName: query.field_eq_cluster } : {}),
      };
      const { rows, total } = await repo.page(filter, (query.page - 1) * query.page_size, query.page_size);
      const fresh = await Promise.all(rows.map((r) => refresh(r).catch(() => r)));
      return { list: fresh.map(toRun), total };
    },

    async detail(actor: Actor, appName: string, uuid: string): Promise<RunDetail> {
      const run = await refresh(await access(actor, appName, uuid));
      const cluster = await clusters.rowById(run.clusterId);
      const files = cluster ? await clusters.files(cluster) : null;
      const identity = { account: run.account };
      // one read serves the page's log tail and cwltool's per-step sections
      const fullLog = files ? await readText(files, identity, path.posix.join(run.runDir, runFiles.engineLog)) : null;
      const engineLog = fullLog === null ? null : fullLog.slice(-65_536);
      // each step's own log, read as the run's account from the run's folder (never stored)
      const steps = run.steps as RunStep[];
      const version = await appsRepo.versionById(run.versionId);
      const logs =
        !files || !version
          ? new Map<string, string>()
          : run.engine === 'toil'
            ? await toilStepLogs(files, identity, run.runDir, stepRuns(version))
            : cwltoolStepLogs(fullLog ?? '', steps.map((s) => s.name));
      return { ...toRun(run), job_order: run.jobOrder, images: run.images, steps: steps.map((s) => ({ ...s, log: logs.get(s.name) ?? null })), outputs: run.outputs ?? null, engine_log: engineLog };
    },

    /** Cancels the engine and every step job it submitted (toil steps are Slurm jobs of the same account). */
    async cancel(actor: Actor, appName: string, uuid: string): Promise<Run> {
      const run = await refresh(await access(actor, appName, uuid));
      if ((finishedRunStates as readonly string[]).includes(run.state)) return toRun(run);
      const cluster = await clusters.rowById(run.clusterId);
      if (cluster) await cancelAll(cluster, run, (run.steps as RunStep[]).flatMap((s) => s.job_ids).filter((id) => id !== run.jobId));
      await repo.update(run.id, { state: 'cancelled', endedAt: now(), steps: (run.steps as RunStep[]).map((s) => (s.state === 'running' || s.state === 'queued' ? { ...s, state: 'cancelled' } : s)) });
      return toRun((await repo.byUuid(uuid))!);
    },

    /** The leader's poller: every unfinished run re-read (after a restart too). */
    async refreshUnfinished(): Promise<void> {
      for (const run of await repo.unfinished()) await refresh(run).catch((e: unknown) => log(e, `refreshing run ${run.uuid}`));
    },

    /** Runs launched or ended in [from, to) (the statistics module's workflow and app reports read them here). */
    activityBetween: (from: Date, to: Date) => repo.activityBetween(from, to),
  };
}

export type RunsService = ReturnType<typeof createRunsService>;
