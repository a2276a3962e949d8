import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import type { SchedulerJob } from '../../drivers/scheduler/interface';
import type { Actor } from '../../lib/actor';
import { openTestDatabase } from '../../../test/database';
import type { ClusterRow, ClustersService } from '../clusters/clusters.service';
import { createIdentityModule } from '../identity/identity.module';
import { createMessagesModule } from '../messages/messages.module';
import { createJobNotices } from './job-notices';
import { createJobsSync } from './jobs-sync.service';
import type { JobsRepo } from './jobs.repo';

const cluster = { id: 1, name: 'c1', kind: 'hpc', driver: 'slurm' } as ClusterRow;
let database: DatabaseHandle;
let messages: ReturnType<typeof createMessagesModule>;
let actor: Actor;

const job = (over: Partial<SchedulerJob>): SchedulerJob =>
  ({ jobId: '41', name: 'sim', user: 'acct_a', partition: 'cpu', state: 'RUNNING', reason: null, submitTime: new Date(Date.now() - 60_000), endTime: null, exitCode: null, stdoutPath: '', ...over }) as SchedulerJob;
const ended = (over: Partial<SchedulerJob>): SchedulerJob => ({ ...job({}), state: 'COMPLETED', endTime: new Date(), exitCode: 0, ...over });

/** A sync as the jobs module builds it, over a scheduler answering `looks` (the scheduler and jobs table are not the subject). */
function syncSeeing(looks: { jobs: SchedulerJob[] }) {
  const driver = { listJobs: async () => looks.jobs, listFinishedJobs: async () => [] };
  const repo = { upsert: async () => undefined, lastUpdate: async () => null, earliestEndWithoutCpu: async () => null } as unknown as JobsRepo;
  const onSeen = createJobNotices({
    send: messages.service.send,
    optedIn: messages.service.optedIn,
    accountOwners: async (ids) => new Map(ids.includes(actor.userId) ? [['acct_a', actor.userId]] : []),
  });
  return createJobsSync({ repo, clusters: { scheduler: async () => driver } as unknown as ClustersService, onSeen, stalenessMs: 0 });
}
const titles = async () => (await messages.inbox.list(actor, { page: 1, page_size: 20 })).list.map((m) => `${m.kind} ${m.title}`);

beforeAll(async () => {
  database = await openTestDatabase();
  const { accounts } = createIdentityModule({ db: database.db, login: { maxFailures: 5, windowS: 900 }, initialAdminPassword: null });
  const userId = (await accounts.createUser({ userName: 'runner', password: 'Pass-word-1' }))!;
  actor = { userId, userName: 'runner', status: 0, permissions: [], sessionId: 0, tokenType: 'shortTerm' };
  messages = createMessagesModule({ db: database.db });
});
afterAll(() => database.close());

describe('job finished / failed messages', () => {
  it('are not sent to a user who did not opt in', async () => {
    const looks = { jobs: [ended({ jobId: '40', endTime: new Date(Date.now() - 1000) })] };
    await syncSeeing(looks).refresh(cluster);
    expect(await titles()).toEqual([]);
  });

  it('are sent once per job after opting in, across re-syncs and a restart, and only for jobs ended after opting in', async () => {
    const before = ended({ jobId: '39', endTime: new Date(Date.now() - 60_000) });
    await messages.preferences.set(actor, { list: [{ kind: 'job_finished', in_app: true, email: false }, { kind: 'job_failed', in_app: true, email: false }] });
    const looks = { jobs: [before, job({ jobId: '41' }), job({ jobId: '42' })] };
    const sync = syncSeeing(looks);
    await sync.refresh(cluster);
    expect(await titles()).toEqual([]);
    looks.jobs = [before, ended({ jobId: '41' }), ended({ jobId: '42', state: 'FAILED', exitCode: 1 }), ended({ jobId: '43', state: 'CANCELLED' }), ended({ jobId: '44', user: 'someone_else' })];
    await sync.refresh(cluster);
    await sync.refresh(cluster);
    await syncSeeing(looks).refresh(cluster); // a restarted process sees the same ended jobs again
    expect(await titles()).toEqual(['job_failed 作业失败 / Job failed: sim (c1 #42)', 'job_finished 作业已完成 / Job finished: sim (c1 #41)']);
  });
});
