import path from 'node:path';
import { Code } from '@starlight/contract/codes';
import type {
  EnsureAccountOptions,
  FinishedJobsRange,
  ListJobsFilter,
  PartitionAccess,
  SchedulerDriver,
  SchedulerIdentity,
  SchedulerJob,
  SchedulerNode,
  SchedulerPartition,
  SubmitJobInput,
  SubmitJobResult,
  SubmitLimit,
  SubmitLimitHolder,
} from '../interface';
import { isFinishedJobState } from '../interface';
import { SchedulerError, conflict, invalidInput, upstreamDown } from '../scheduler-error';
import {
  assertDate,
  assertIdentity,
  assertJobId,
  assertSchedulerName,
  parseListFilter,
  parseSubmitInput,
  submittingAccount,
} from '../validate';
import { ControllerHealth } from './controller-health';
import { mapSlurmNode, mapSlurmPartition } from './map-cluster';
import { lastChangeTime, mapAccountingJob, mapSlurmJob, num } from './map-jobs';
import { discoverVersions, type SlurmApiVersions, type SlurmOpenapiVersion } from './openapi-version';
import { SlurmRestClient, slurmErrors, type SlurmJson } from './rest-client';

/** Waits between submit attempts while slurmctld answers EAGAIN (about 15 s in all). */
const submitRetryDelaysMs = [500, 1000, 2000, 4000, 8000];
import { slurmBusyError, slurmErrorNumber, slurmErrorText, slurmErrorToSchedulerError } from './slurm-errors';

export interface SlurmSchedulerOptions {
  /** slurmrestd base URL, e.g. http://login01:6820. */
  restUrl: string;
  /** The cluster's HS256 key bytes (see loadJwtKey). */
  jwtKey: Buffer;
  /** The operator account used for the admin identity (a Slurm operator or root). */
  adminAccount?: string;
  /** Skips discovery when set. */
  openapiVersion?: SlurmOpenapiVersion;
  timeoutMs?: number;
  tokenLifetimeSeconds?: number;
  /** Added under the job's own `env` (slurmrestd requires a non-empty environment). */
  defaultEnvironment?: Record<string, string>;
  /** The controller health probe (slurmrestd's ping): its timeout and how often it runs while up / down. */
  health?: { probeTimeoutMs?: number; upEveryMs?: number; downEveryMs?: number };
}

/** Job ids per accounting query (`step=` of /slurmdb/vX/jobs; 500 ids are ~5 KB of URL). */
const accountingIdsPerQuery = 500;

const jobsOf = (body: SlurmJson | undefined): SlurmJson[] =>
  Array.isArray(body?.jobs) ? (body.jobs as SlurmJson[]) : [];

/** Slurm expands %-patterns in output paths: a literal % in the directory must be doubled. */
const escapePattern = (dir: string): string => dir.replaceAll('%', '%%');

export class SlurmScheduler implements SchedulerDriver {
  readonly kind = 'slurm' as const;
  private readonly client: SlurmRestClient;
  private readonly adminAccount: string;
  private versions: Promise<SlurmApiVersions> | undefined;
  /** Whether slurmctld answers (through slurmrestd): controller calls fail at once while it does not. */
  readonly health: ControllerHealth;

  constructor(private readonly options: SlurmSchedulerOptions) {
    this.adminAccount = assertSchedulerName('admin account', options.adminAccount ?? 'root');
    this.client = new SlurmRestClient({
      baseUrl: options.restUrl,
      key: options.jwtKey,
      timeoutMs: options.timeoutMs ?? 10_000,
      tokenLifetimeSeconds: options.tokenLifetimeSeconds ?? 300,
      onUpstreamDown: (path) => {
        if (path.startsWith('/slurm/') && !path.endsWith('/ping')) this.health.failed();
      },
    });
    const probeTimeoutMs = options.health?.probeTimeoutMs ?? 2_000;
    this.health = new ControllerHealth({
      name: `slurmrestd at ${this.client.baseUrl}`,
      probe: () => this.ping(probeTimeoutMs),
      upEveryMs: options.health?.upEveryMs,
      downEveryMs: options.health?.downEveryMs,
    });
    if (options.openapiVersion) this.versions = Promise.resolve({ slurm: options.openapiVersion, slurmdb: options.openapiVersion });
  }

  /** The `sun` of a call: the bound account, or the operator for an identity our permission check let through. */
  private sun(identity: SchedulerIdentity): string {
    assertIdentity(identity);
    return identity.kind === 'user' ? identity.account : this.adminAccount;
  }

  /** Discovered once; a failed discovery is retried by the next call. */
  apiVersions(): Promise<SlurmApiVersions> {
    this.versions ??= discoverVersions(this.client, this.adminAccount).catch((error: unknown) => {
      this.versions = undefined;
      throw error;
    });
    return this.versions;
  }

  /** Every controller call goes through here: while the controller is known down it fails at once (1502). */
  private async slurmPath(suffix: string): Promise<string> {
    this.health.check();
    return `/slurm/${(await this.apiVersions()).slurm}${suffix}`;
  }

  /**
   * slurmrestd's ping: resolves when slurmctld answers it within `timeoutMs` (slurmrestd itself would wait
   * MessageTimeout for a stopped controller), rejects with the reason otherwise.
   */
  async ping(timeoutMs: number): Promise<void> {
    const { body } = await this.client.request(this.adminAccount, `/slurm/${(await this.apiVersions()).slurm}/ping`, { timeoutMs });
    const pings = Array.isArray(body?.pings) ? (body.pings as SlurmJson[]) : [];
    if (pings.length > 0 && !pings.some((p) => p.ping === 'UP'))
      throw upstreamDown(`slurmctld does not answer slurmrestd's ping (${pings.map((p) => `${String(p.hostname)}: ${String(p.ping)}`).join(', ')})`);
  }

  private async slurmdbPath(suffix: string): Promise<string> {
    const { slurmdb } = await this.apiVersions();
    if (!slurmdb) throw upstreamDown(`slurmrestd at ${this.client.baseUrl} has no accounting (slurmdbd) endpoints`);
    return `/slurmdb/${slurmdb}${suffix}`;
  }

  async submitJob(identity: SchedulerIdentity, raw: SubmitJobInput): Promise<SubmitJobResult> {
    const account = submittingAccount(identity);
    const input = parseSubmitInput(raw);
    if (!input.workingDirectory?.startsWith('/'))
      throw invalidInput('the working directory must be an absolute path on the cluster', { field: 'workingDirectory' });
    const cwd = path.posix.normalize(input.workingDirectory);
    const job = {
      name: input.name,
      partition: input.partition,
      current_working_directory: cwd,
      environment: { PATH: '/usr/local/bin:/usr/bin:/bin', ...this.options.defaultEnvironment, ...input.env },
      cpus_per_task: input.cpus,
      tasks: 1,
      time_limit: input.timeLimitMinutes,
      // --mem: MB per node (an integer up to v0.0.38, the newest API this driver speaks)
      ...(input.memoryMb !== undefined ? { memory_per_node: input.memoryMb } : {}),
      standard_output: path.posix.join(escapePattern(cwd), 'slurm-%j.out'),
      standard_error: path.posix.join(escapePattern(cwd), 'slurm-%j.err'),
    };
    // Without a #! line slurmd cannot exec the script (the job fails with exit 8, ENOEXEC).
    const script = input.script.startsWith('#!') ? input.script : `#!/bin/bash\n${input.script}`;
    const submitPath = await this.slurmPath('/job/submit');
    let body: Awaited<ReturnType<SlurmRestClient['request']>>['body'];
    let errors: ReturnType<typeof slurmErrors> = [];
    // slurmctld answers EAGAIN while it is busy or its job table is full of records about to be purged;
    // sbatch retries then, and so do we, a bounded number of times.
    for (let attempt = 0; ; attempt++) {
      ({ body } = await this.client.request(account, submitPath, { method: 'POST', body: { script, job }, tolerateErrors: true }));
      errors = slurmErrors(body);
      const busy = typeof body?.job_id !== 'number' && errors.length > 0 && slurmErrorNumber(errors[0] ?? {}) === slurmBusyError;
      if (!busy || attempt >= submitRetryDelaysMs.length) break;
      await new Promise((resolve) => setTimeout(resolve, submitRetryDelaysMs[attempt]));
    }
    const jobId = typeof body?.job_id === 'number' ? String(body.job_id) : undefined;
    if (!jobId) throw slurmErrorToSchedulerError(errors, account, this.client.baseUrl);
    // Queued but not startable as asked (e.g. over the partition's time limit): the job exists, so say why.
    return { jobId, warnings: errors.map(slurmErrorText) };
  }

  async listJobs(identity: SchedulerIdentity, filter?: ListJobsFilter): Promise<SchedulerJob[]> {
    const sun = this.sun(identity);
    const { since, users, jobIds } = parseListFilter(filter);
    const sinceSeconds = since ? Math.floor(since.getTime() / 1000) : undefined;
    const { status, body } = await this.client.request(sun, await this.slurmPath('/jobs'), {
      query: { update_time: sinceSeconds === undefined ? undefined : String(sinceSeconds) },
    });
    if (status === 304) return []; // nothing in slurmctld's job table changed since then
    return jobsOf(body)
      .filter((raw) => sinceSeconds === undefined || lastChangeTime(raw) >= sinceSeconds * 1000)
      .map(mapSlurmJob)
      .filter((job) => (!users || users.includes(job.user)) && (!jobIds || jobIds.includes(job.jobId)));
  }

  async getJob(identity: SchedulerIdentity, jobId: string): Promise<SchedulerJob> {
    const sun = this.sun(identity);
    assertJobId(jobId);
    try {
      const { body } = await this.client.request(sun, await this.slurmPath(`/job/${jobId}`));
      const raw = jobsOf(body)[0];
      if (raw) return mapSlurmJob(raw);
    } catch (error) {
      if (!(error instanceof SchedulerError && error.code === Code.notFound)) throw error;
    }
    // slurmctld forgets a job MinJobAge after it ends; accounting remembers it.
    if (!(await this.apiVersions()).slurmdb) throw new SchedulerError(Code.notFound, `job ${jobId} not found`);
    const { body } = await this.client.request(sun, await this.slurmdbPath(`/job/${jobId}`));
    const raw = jobsOf(body)[0];
    if (!raw) throw new SchedulerError(Code.notFound, `job ${jobId} not found`);
    return mapAccountingJob(raw);
  }

  async cancelJob(identity: SchedulerIdentity, jobId: string): Promise<void> {
    const sun = this.sun(identity);
    assertJobId(jobId);
    // Slurm itself decides whether this account may cancel the job: a refusal is 1403.
    await this.client.request(sun, await this.slurmPath(`/job/${jobId}`), { method: 'DELETE' });
  }

  /** As the operator (a user may only lower a limit), bounded by the partition's MaxTime, which operators may pass. */
  async raiseTimeLimit(jobId: string, minutes: number): Promise<void> {
    assertJobId(jobId);
    if (!Number.isInteger(minutes) || minutes < 1) throw invalidInput('the time limit is a whole number of minutes', { field: 'timeLimitMinutes' });
    const job = await this.getJob({ kind: 'admin' }, jobId);
    if (isFinishedJobState(job.state)) throw conflict(`job ${jobId} is ${job.state}`);
    if (job.timeLimitMinutes !== null && minutes <= job.timeLimitMinutes) return;
    const partition = (await this.listPartitions({ kind: 'admin' })).find((p) => p.name === job.partition);
    if (partition?.maxTimeMinutes != null && minutes > partition.maxTimeMinutes)
      throw invalidInput(`time limit over partition ${job.partition}'s ${partition.maxTimeMinutes} minutes`, { field: 'timeLimitMinutes' });
    await this.client.request(this.adminAccount, await this.slurmPath(`/job/${jobId}`), { method: 'POST', body: { time_limit: minutes } });
  }

  async listNodes(identity: SchedulerIdentity): Promise<SchedulerNode[]> {
    const { body } = await this.client.request(this.sun(identity), await this.slurmPath('/nodes'));
    return (Array.isArray(body?.nodes) ? (body.nodes as SlurmJson[]) : []).map(mapSlurmNode);
  }

  async listPartitions(identity: SchedulerIdentity): Promise<SchedulerPartition[]> {
    const { body } = await this.client.request(this.sun(identity), await this.slurmPath('/partitions'));
    return (Array.isArray(body?.partitions) ? (body.partitions as SlurmJson[]) : []).map(mapSlurmPartition);
  }

  /**
   * slurmdbd selects jobs that were active in a window and has no user filter. Its time strings are
   * read in slurmrestd's own time zone, so the window is sent as zone-free "now-<seconds>" (a minute
   * wider on each side) and the exact "ended within [startTime, endTime)" filter is applied here.
   */
  async listFinishedJobs(identity: SchedulerIdentity, range: FinishedJobsRange): Promise<SchedulerJob[]> {
    const sun = this.sun(identity);
    const from = assertDate('startTime', range.startTime).getTime();
    const to = range.endTime === undefined ? Date.now() : assertDate('endTime', range.endTime).getTime();
    range.users?.forEach((user) => assertSchedulerName('account', user));
    const ago = (ms: number): string => {
      const seconds = Math.floor((Date.now() - ms) / 1000);
      return seconds > 0 ? `now-${seconds}` : 'now';
    };
    let body: SlurmJson | undefined;
    try {
      ({ body } = await this.client.request(sun, await this.slurmdbPath('/jobs'), {
        query: { start_time: ago(from - 60_000), end_time: ago(to + 60_000) },
      }));
    } catch (error) {
      // slurmdbd answers a window without jobs with error 9003 "Nothing found": that is an empty list
      if (error instanceof SchedulerError && error.code === Code.notFound) return [];
      throw error;
    }
    return jobsOf(body)
      .map(mapAccountingJob)
      .filter((job) => isFinishedJobState(job.state) && job.endTime !== null)
      .filter((job) => job.endTime!.getTime() >= from && job.endTime!.getTime() < to)
      .filter((job) => !range.users || range.users.includes(job.user));
  }

  /**
   * slurmdbd's user and association for a newly bound account (as the admin identity), unless it has an
   * association already. 22.05's dbv0.0.38 takes both: POST /users, then POST /associations with the
   * cluster slurmdbd knows (a single one; several need the association made by hand).
   */
  async ensureUserAccount(account: string, options: EnsureAccountOptions = {}): Promise<void> {
    assertSchedulerName('account', account);
    const sun = this.adminAccount;
    const existing = await this.client.request(sun, await this.slurmdbPath('/associations'), { query: { user: account }, tolerateErrors: true });
    const found = Array.isArray(existing.body?.associations) ? (existing.body.associations as SlurmJson[]) : [];
    if (found.some((a) => a.user === account)) return;
    const chargeAccount = options.chargeAccount;
    if (!chargeAccount) throw upstreamDown(`${account} has no Slurm association and the cluster has no default account to give it`);
    assertSchedulerName('charge account', chargeAccount);
    const { body } = await this.client.request(sun, await this.slurmdbPath('/clusters'));
    const names = (Array.isArray(body?.clusters) ? (body.clusters as SlurmJson[]) : []).map((c) => String(c.name ?? ''));
    if (names.length !== 1) throw upstreamDown(`slurmdbd knows ${names.length} clusters: add the association for ${account} with sacctmgr`);
    await this.client.request(sun, await this.slurmdbPath('/users'), {
      method: 'POST',
      body: { users: [{ name: account, default: { account: chargeAccount } }] },
    });
    await this.client.request(sun, await this.slurmdbPath('/associations'), {
      method: 'POST',
      body: { associations: [{ account: chargeAccount, cluster: names[0], user: account }] },
    });
  }

  /**
   * Partition associations (AccountingStorageEnforce=associations makes slurmctld refuse a partition the
   * account has no association for). slurmdbd 22.05: `DELETE /association?partition=` with an empty value
   * removes exactly the partition-less association; without the parameter it would match them all.
   */
  async setPartitionAccess(account: string, access: PartitionAccess): Promise<void> {
    assertSchedulerName('account', account);
    const chargeAccount = assertSchedulerName('charge account', access.chargeAccount);
    const wanted = [...new Set(access.partitions.map((p) => assertSchedulerName('partition', p)))];
    const sun = this.adminAccount;
    const listed = await this.client.request(sun, await this.slurmdbPath('/associations'), { query: { user: account }, tolerateErrors: true });
    const mine = (Array.isArray(listed.body?.associations) ? (listed.body.associations as SlurmJson[]) : []).filter(
      (a) => a.user === account && a.account === chargeAccount,
    );
    const partitionOf = (a: SlurmJson): string => (typeof a.partition === 'string' ? a.partition : '');
    const held = new Set(mine.map(partitionOf));
    const missing = wanted.filter((p) => !held.has(p));
    if (missing.length > 0) {
      const { body } = await this.client.request(sun, await this.slurmdbPath('/clusters'));
      const names = (Array.isArray(body?.clusters) ? (body.clusters as SlurmJson[]) : []).map((c) => String(c.name ?? ''));
      if (names.length !== 1) throw upstreamDown(`slurmdbd knows ${names.length} clusters: set the associations of ${account} with sacctmgr`);
      if (mine.length === 0)
        await this.client.request(sun, await this.slurmdbPath('/users'), { method: 'POST', body: { users: [{ name: account, default: { account: chargeAccount } }] } });
      await this.client.request(sun, await this.slurmdbPath('/associations'), {
        method: 'POST',
        body: { associations: missing.map((partition) => ({ account: chargeAccount, cluster: names[0], user: account, partition })) },
      });
    }
    for (const partition of [...held].filter((p) => !wanted.includes(p)))
      await this.client.request(sun, await this.slurmdbPath('/association'), { method: 'DELETE', query: { account: chargeAccount, user: account, partition } });
  }

  /**
   * dbv0.0.38's POST /associations updates an existing association's limits: `max.jobs.per.submitted`
   * is GrpSubmitJobs, `max.tres.group.minutes` GrpTRESMins and `max.tres.group.active` GrpTRESRunMins;
   * -1 clears one. The holder is every association of a Slurm user (all the accounts and partitions it
   * may charge, so `sbatch -A <another account>` is covered) or every user association under a Slurm
   * account (a group's account: 22.05's REST API refuses to write the account's own association, it
   * needs a user). Over the limit: GrpSubmitJobs=0 (sbatch refused) and GrpTRESMins cpu=0 (nothing
   * pending starts). Under it with CPU-minutes left: GrpTRESRunMins cpu=N, so slurmctld starts no job
   * whose reserved CPU-minutes (cores × time limit) with those running exceed what is left — between two
   * accounting reads too. GrpTRESMins cannot carry the remainder itself: slurmctld compares it with its own
   * decayed, never-reset usage counter, which dbv0.0.38 does not expose.
   */
  async setSubmitLimit(holder: SubmitLimitHolder, limit: SubmitLimit): Promise<void> {
    const sun = this.adminAccount;
    const query = 'user' in holder ? { user: assertSchedulerName('account', holder.user) } : { account: assertSchedulerName('account', holder.account) };
    const listed = await this.client.request(sun, await this.slurmdbPath('/associations'), { query });
    const mine = (Array.isArray(listed.body?.associations) ? (listed.body.associations as SlurmJson[]) : []).filter((a) =>
      'user' in holder ? a.user === holder.user : a.account === holder.account && typeof a.user === 'string' && a.user !== '',
    );
    if (mine.length === 0) return;
    const submitted = limit.blocked ? 0 : -1;
    const minutes = limit.blocked ? 0 : -1;
    const active = !limit.blocked && limit.cpuMinutes !== null ? Math.max(0, Math.ceil(limit.cpuMinutes)) : -1;
    await this.client.request(sun, await this.slurmdbPath('/associations'), {
      method: 'POST',
      body: {
        associations: mine.map((a) => ({
          account: a.account,
          cluster: a.cluster,
          user: a.user,
          ...(typeof a.partition === 'string' && a.partition ? { partition: a.partition } : {}),
          max: {
            jobs: { per: { submitted } },
            tres: { group: { minutes: [{ type: 'cpu', count: minutes }], active: [{ type: 'cpu', count: active }] } },
          },
        })),
      },
    });
  }

  /**
   * Of the jobs a caller last saw active, those slurmctld no longer lists (it forgets a job MinJobAge after
   * it ended), read from accounting in bulk: one `/slurmdb/vX/jobs?step=<ids>` per 500 of them. `unknown`:
   * in neither (slurmdbd has not recorded the job yet, or never will).
   */
  async vanishedJobs(identity: SchedulerIdentity, jobIds: readonly string[]): Promise<{ found: SchedulerJob[]; unknown: string[] }> {
    const sun = this.sun(identity);
    jobIds.forEach(assertJobId);
    const { body } = await this.client.request(sun, await this.slurmPath('/jobs'));
    const listed = new Set(jobsOf(body).map((raw) => String(num(raw.job_id) ?? '')));
    const gone = [...new Set(jobIds)].filter((id) => !listed.has(id));
    const found: SchedulerJob[] = [];
    for (let i = 0; i < gone.length; i += accountingIdsPerQuery) {
      const ids = gone.slice(i, i + accountingIdsPerQuery);
      const asked = new Set(ids);
      try {
        const { body: accounted } = await this.client.request(sun, await this.slurmdbPath('/jobs'), { query: { step: ids.join(',') } });
        found.push(...jobsOf(accounted).map(mapAccountingJob).filter((job) => asked.has(job.jobId)));
      } catch (error) {
        // 9003 "Nothing found": none of these is recorded yet
        if (!(error instanceof SchedulerError && error.code === Code.notFound)) throw error;
      }
    }
    const seen = new Set(found.map((job) => job.jobId));
    return { found, unknown: gone.filter((id) => !seen.has(id)) };
  }

  async close(): Promise<void> {
    // fetch's connection pool is process-wide and idles out by itself; only the health probe's timer is ours
    this.health.close();
  }
}

export const createSlurmScheduler = (options: SlurmSchedulerOptions): SlurmScheduler => new SlurmScheduler(options);
