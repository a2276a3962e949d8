import { randomUUID } from 'node:crypto';
import { Code } from '@starlight/contract/codes';
import type { List } from '@starlight/contract/envelope';
import {
  finalSessionStates,
  type ConnectSessionResult,
  type InteractiveAppId,
  type LaunchSessionInput,
  type Session,
  type SessionState,
} from '@starlight/contract/interactive';
import type { SchedulerJob } from '../../drivers/scheduler/interface';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { BindingService } from '../binding/binding.service';
import type { ClusterRow, ClustersService } from '../clusters/clusters.service';
import type { JobSubmitService } from '../jobs/job-submit.service';
import { readTail } from '../jobs/job-output';
import { fieldsEnv, interactiveApps, launchScript, validateFields } from './interactive-apps';
import { readConnection } from './connection-file';
import type { SessionPasses } from './session-passes';
import type { SessionRow, SessionsRepo, SessionWithCluster } from './sessions.repo';

export interface SessionsDeps {
  repo: SessionsRepo;
  clusters: Pick<ClustersService, 'rowById' | 'scheduler' | 'files'>;
  binding: Pick<BindingService, 'accountOf'>;
  submit: Pick<JobSubmitService, 'submit' | 'target' | 'admit'>;
  /** Minutes without app activity (Jupyter's own, a desktop viewer's input) after which a running session is offered to be ended. */
  idleMinutes: number;
  log?: (error: unknown, context: string) => void;
  now?: () => Date;
}

/** Where the proxy connects: the node the scheduler named, at the port the app answered on, with its secret. */
export interface SessionTarget {
  session: SessionRow;
  app: InteractiveAppId;
  host: string;
  port: number;
  secret: string;
  baseUrl: string;
}

const sessionFolder = (id: string) => `.starlight/sessions/${id}`;
const notFound = (id: string) => new AppError(Code.notFound, `session ${id} not found`);

/** Job state → session state; null: the job is active (queued or starting/running decided by the connection). */
function finalStateOf(job: SchedulerJob): SessionState | null {
  switch (job.state) {
    case 'PENDING':
    case 'RUNNING':
    case 'COMPLETING':
    case 'SUSPENDED':
      return null;
    case 'TIMEOUT':
    case 'DEADLINE':
      return 'expired';
    case 'COMPLETED':
    case 'CANCELLED':
      return 'completed';
    default:
      return 'failed';
  }
}

export function createSessionsService({ repo, clusters, binding, submit, idleMinutes, log = () => undefined, now = () => new Date() }: SessionsDeps) {
  // the path on the session origin (its own listener, see session-origin.ts); the console's API has no such path
  const proxyBase = (id: string) => `/session/${id}/proxy/`;
  /** When each running session's app was last asked about its activity (at most every 30 s). */
  const asked = new Map<string, number>();

  function toSession({ session: s, clusterName }: SessionWithCluster): Session {
    const lastActivity = s.lastActivityAt ?? s.startedAt;
    return {
      id: s.id,
      app: s.app as InteractiveAppId,
      cluster: clusterName,
      partition: s.partition,
      cpus: s.cpus,
      memory_mb: s.memoryMb,
      hours: s.hours,
      fields: s.fields,
      job_id: s.jobId,
      state: s.state as SessionState,
      reason: s.reason,
      node: s.node,
      created_at: s.createdAt.toISOString(),
      started_at: s.startedAt?.toISOString() ?? null,
      ends_at: s.endsAt?.toISOString() ?? null,
      ended_at: s.endedAt?.toISOString() ?? null,
      last_activity_at: lastActivity?.toISOString() ?? null,
      idle: s.state === 'running' && lastActivity !== null && now().getTime() - lastActivity.getTime() > idleMinutes * 60_000,
      folder: s.folder,
    };
  }

  async function clusterOf(session: SessionRow): Promise<ClusterRow> {
    const cluster = await clusters.rowById(session.clusterId);
    if (!cluster) throw new AppError(Code.notFound, 'cluster of the session not found');
    return cluster;
  }

  /** The owner's session; anyone else's answers exactly as a missing one (ids tell an outsider nothing). */
  async function owned(actor: Actor | { userId: number }, id: string): Promise<SessionWithCluster> {
    const found = await repo.get(id);
    if (!found || found.session.userId !== actor.userId) throw notFound(id);
    return found;
  }

  /**
   * A running session's activity as its app tells it (Jupyter: `api/status` last_activity and any busy kernel,
   * asked with the session's secret), at most every 30 s per session from the list; traffic through the proxy is not activity (an open tab's
   * pings would keep a forgotten session alive, a computing kernel with the tab closed would look idle).
   */
  async function withActivity(found: SessionWithCluster, throttled = true): Promise<SessionWithCluster> {
    const s = found.session;
    const app = interactiveApps[s.app as InteractiveAppId];
    if (s.state !== 'running' || !s.host || !s.port || !s.secret || !app.activity) return found;
    const at = now().getTime();
    // the list is polled every few seconds while a card is on screen; one session's read always asks
    if (throttled && at - (asked.get(s.id) ?? 0) < 30_000) return found;
    asked.set(s.id, at);
    const seen = await app.activity({ host: s.host, port: s.port, secret: s.secret, baseUrl: proxyBase(s.id) }, now()).catch((error: unknown) => {
      log(error, `asking session ${s.id}'s app about its activity`);
      return null;
    });
    if (!seen || (s.lastActivityAt && seen.getTime() <= s.lastActivityAt.getTime())) return found;
    await repo.update(s.id, { lastActivityAt: seen });
    return { ...found, session: { ...s, lastActivityAt: seen } };
  }

  /**
   * Re-reads an unfinished session from the scheduler and, once its job runs, from the connection file (as the
   * bound account). A server restart loses nothing: every state comes back from these two.
   */
  async function refresh(found: SessionWithCluster): Promise<SessionWithCluster> {
    const s = found.session;
    if (finalSessionStates.includes(s.state as SessionState)) return found;
    const cluster = await clusterOf(s);
    const identity = { kind: 'user' as const, account: s.account };
    let patch: Parameters<SessionsRepo['update']>[1] = {};
    const job = await (await clusters.scheduler(cluster)).getJob(identity, s.jobId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === Code.notFound) return null;
      throw error;
    });
    if (!job) patch = { state: 'failed', reason: `job ${s.jobId} is unknown to the scheduler`, endedAt: now() };
    else {
      const ended = finalStateOf(job);
      if (ended) patch = { state: ended, reason: ended === 'completed' ? null : `${job.state}${job.reason ? `: ${job.reason}` : ''}`, endedAt: job.endTime ?? now(), host: null, port: null };
      else if (job.state === 'PENDING') patch = { state: 'queued', reason: job.reason };
      else patch = await started(cluster, s, job);
    }
    if (s.state === 'running' && s.endsAt && s.endsAt.getTime() <= now().getTime() && !patch.endedAt) {
      // our clock says the time is up before the scheduler's does: nothing more reaches it, and its job ends now
      patch = { ...patch, state: 'expired', reason: 'past its time limit', endedAt: s.endsAt, host: null, port: null };
      await (await clusters.scheduler(cluster)).cancelJob(identity, s.jobId).catch((error: unknown) => log(error, `cancelling expired session ${s.id}`));
    }
    await repo.update(s.id, patch);
    return { ...found, session: { ...s, ...patch } };
  }

  /** A running job: starting until its connection file names the scheduler's node and the app answers the secret. */
  async function started(cluster: ClusterRow, s: SessionRow, job: SchedulerJob): Promise<Parameters<SessionsRepo['update']>[1]> {
    const node = job.nodes[0] ?? null;
    const timing = {
      node,
      startedAt: job.startTime ?? s.startedAt ?? now(),
      endsAt: job.startTime && job.timeLimitMinutes ? new Date(job.startTime.getTime() + job.timeLimitMinutes * 60_000) : s.endsAt,
    };
    if (s.state === 'running' && s.host) return timing;
    const files = await clusters.files(cluster).catch(() => null);
    const connection = files ? await readConnection(files, s.account, `${s.folder}/connection.json`) : { error: 'the cluster has no file access' };
    if ('error' in connection) return { ...timing, state: 'starting', reason: connection.error };
    if (!job.nodes.includes(connection.host))
      return { ...timing, state: 'starting', reason: `the connection file names host ${connection.host}, but the job runs on ${job.nodes.join(',')}: not trusted` };
    // on the embedded cluster the node is this host, where the app listens on the loopback only; on Slurm the
    // node's address as the scheduler knows it (NodeAddr), never an address the file names
    const host = cluster.driver === 'local' ? '127.0.0.1' : await nodeAddress(cluster, s.account, connection.host);
    const answered = await interactiveApps[s.app as InteractiveAppId].probe({ host, port: connection.port, secret: connection.secret, baseUrl: proxyBase(s.id) });
    if (!answered) return { ...timing, state: 'starting', reason: `no ${s.app} demanding the session's secret answers at ${connection.host}:${connection.port} yet` };
    return { ...timing, state: 'running', reason: null, host, port: connection.port, secret: connection.secret, lastActivityAt: now() };
  }

  async function nodeAddress(cluster: ClusterRow, account: string, node: string): Promise<string> {
    const nodes = await (await clusters.scheduler(cluster)).listNodes({ kind: 'user', account });
    return nodes.find((n) => n.name === node)?.address ?? node;
  }

  async function launchAs(actor: Actor, input: LaunchSessionInput, id = randomUUID()): Promise<Session> {
    const app = interactiveApps[input.app];
    const checked = validateFields(app.fields, input.fields);
    if ('issues' in checked) {
      const fields = checked.issues;
      throw new AppError(Code.invalidInput, `invalid input: ${fields.map((f) => `${f.path}: ${f.message}`).join(', ')}`, { fields });
    }
    const account = await binding.accountOf(actor.userId);
    if (!account) throw new AppError(Code.forbidden, 'bind a system account before launching sessions');
    const { cluster } = await submit.target(actor, input);
    const folder = sessionFolder(id);
    const files = await clusters.files(cluster);
    if (!files) throw new AppError(Code.upstreamDown, `cluster ${cluster.name} has no file access for the session's folder`);
    await files.mkdir({ account }, folder, { parents: true });
    const minutes = Math.ceil(input.hours * 60);
    const result = await submit.submit(
      actor,
      { cluster: cluster.name, partition: input.partition, name: `starlight-${input.app}`, script: launchScript(input.app), cpus: input.cpus, time_limit_minutes: minutes, working_directory: folder },
      {
        ...(input.memory_mb !== undefined ? { memoryMb: input.memory_mb } : {}),
        env: {
          ...fieldsEnv(checked.values),
          SL_SESSION_ID: id,
          SL_BASE_URL: proxyBase(id),
          // the embedded cluster's node is this host: the app listens on the loopback only
          SL_BIND: cluster.driver === 'local' ? '127.0.0.1' : '0.0.0.0',
        },
      },
    );
    await repo.insert({
      id,
      userId: actor.userId,
      clusterId: cluster.id,
      account,
      app: input.app,
      partition: input.partition,
      cpus: input.cpus,
      memoryMb: input.memory_mb ?? null,
      hours: input.hours,
      fields: checked.values,
      jobId: result.job_id,
      state: 'queued',
      folder,
    });
    const created = await repo.get(id);
    if (!created) throw notFound(id);
    return toSession(await refresh(created).catch(() => created));
  }

  return {
    launch: (actor: Actor, input: LaunchSessionInput) => launchAs(actor, input),

    async list(actor: Actor, query: { page: number; page_size: number; active: boolean }): Promise<List<Session>> {
      const { rows, total } = await repo.page(actor.userId, query.active, (query.page - 1) * query.page_size, query.page_size);
      const fresh = await Promise.all(
        rows.map((row) =>
          refresh(row).then((fresh) => withActivity(fresh)).catch((error: unknown) => {
            log(error, `refreshing session ${row.session.id}`);
            return row;
          }),
        ),
      );
      return { list: fresh.map(toSession), total };
    },

    async get(actor: Actor, id: string): Promise<Session> {
      return toSession(await withActivity(await refresh(await owned(actor, id)), false));
    },

    /** Cancels the job as the owner's account; the card stays (completed) for its output. */
    async remove(actor: Actor, id: string): Promise<Session> {
      const found = await owned(actor, id);
      const s = found.session;
      if (!finalSessionStates.includes(s.state as SessionState)) {
        const cluster = await clusterOf(s);
        await (await clusters.scheduler(cluster)).cancelJob({ kind: 'user', account: s.account }, s.jobId);
        await repo.update(s.id, { state: 'completed', reason: 'ended by its owner', endedAt: now(), host: null, port: null });
      }
      return toSession((await repo.get(id)) ?? found);
    },

    /** The same app and parameters again, as a new session. */
    async relaunch(actor: Actor, id: string): Promise<Session> {
      const { session: s, clusterName } = await owned(actor, id);
      return launchAs(actor, { app: s.app as InteractiveAppId, cluster: clusterName, partition: s.partition, cpus: s.cpus, memory_mb: s.memoryMb ?? undefined, hours: s.hours, fields: s.fields });
    },

    async output(actor: Actor, id: string): Promise<{ stdout: string | null; stderr: string | null }> {
      const { session: s } = await owned(actor, id);
      const files = await clusters.files(await clusterOf(s)).catch(() => null);
      const [stdout, stderr] = await Promise.all([readTail(files, s.account, `${s.folder}/slurm-${s.jobId}.out`), readTail(files, s.account, `${s.folder}/slurm-${s.jobId}.err`)]);
      return { stdout, stderr };
    },

    /** The owner's running session (re-read once when it is not running yet), or a clear refusal. */
    async targetOf(userId: number, id: string): Promise<SessionTarget> {
      let found = await owned({ userId }, id);
      if (found.session.state !== 'running' || (found.session.endsAt && found.session.endsAt.getTime() <= now().getTime())) found = await refresh(found);
      const s = found.session;
      if (s.state !== 'running' || !s.host || !s.port || !s.secret)
        throw new AppError(Code.conflict, s.state === 'expired' ? `session ${id} is past its time limit` : `session ${id} is ${s.state}, not running`);
      return { session: s, app: s.app as InteractiveAppId, host: s.host, port: s.port, secret: s.secret, baseUrl: proxyBase(id) };
    },

    /**
     * More walltime for a running session, `hours` added to its job's time limit: our owner check, then the
     * scheduler as its operator (only operators may raise a limit), never past the partition's maximum.
     */
    async extend(actor: Actor, id: string, hours: number): Promise<Session> {
      const found = await refresh(await owned(actor, id));
      const { session: s, clusterName } = found;
      if (s.state !== 'running') throw new AppError(Code.conflict, `session ${id} is ${s.state}, not running`);
      const scheduler = await clusters.scheduler(await clusterOf(s));
      const job = await scheduler.getJob({ kind: 'user', account: s.account }, s.jobId);
      const minutes = (job.timeLimitMinutes ?? Math.ceil(s.hours * 60)) + Math.ceil(hours * 60);
      // the same grant, quota and partition limits a job asking for this time limit would meet
      await submit.admit(actor, { cluster: clusterName, partition: s.partition, cpus: s.cpus, time_limit_minutes: minutes });
      await scheduler.raiseTimeLimit(s.jobId, minutes);
      // the new end is read back from the scheduler's time limit
      return toSession(await refresh(found));
    },

    /**
     * Where the browser opens the session: on the session origin, with a single-use ticket for the owner (60 s).
     * Jupyter: its base path, where the ticket becomes the origin's cookie and the browser is sent on to the app;
     * the desktop: the websocket noVNC opens with the ticket itself.
     */
    async connect(actor: Actor, id: string, origin: () => string, passes: Pick<SessionPasses, 'ticket'>): Promise<ConnectSessionResult> {
      const target = await this.targetOf(actor.userId, id);
      const at = origin();
      const ticket = await passes.ticket(id, actor.userId);
      const where = target.app === 'desktop' ? `${target.baseUrl}${interactiveApps.desktop.entry(target.secret)}` : target.baseUrl;
      return { url: `${at}${where}?ticket=${ticket}`, secret: target.secret };
    },

    /** The app's first page under its base path (Jupyter's tree, its token in the URL as Jupyter takes it). */
    entryOf: (target: SessionTarget) => interactiveApps[target.app].entry(target.secret),

    touch: (ids: string[]) => repo.touch(ids, now()),
    proxyBase,
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
