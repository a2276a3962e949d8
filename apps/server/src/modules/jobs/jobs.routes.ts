import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jobDetailSchema, jobListQuerySchema, jobListSchema, jobParamsSchema, jobSubmitInputSchema, jobSubmitResultSchema } from '@starlight/contract/jobs';
import type { PermissionKey } from '@starlight/contract/permissions';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { JobSubmitService } from './job-submit.service';
import type { JobScope, JobsService } from './jobs.service';

const tags = ['jobs'];
const jobList = replies(jobListSchema);
/** Reading and cancelling a job: the service decides whose (owner, group administrator, query_others_job). */
const jobReaders: PermissionKey[] = ['binded_account', 'query_others_job', 'query_by_group_name'];

/** Spec §2 /job/*: lists paged, filtered and sorted on the server across every cluster the caller may use. */
export const jobsRoutes: FastifyPluginAsyncZod<{ jobs: JobsService; submit: JobSubmitService }> = async (app, { jobs, submit }) => {
  const listRoute = (url: string, scope: JobScope, perms: PermissionKey[], summary: string) =>
    app.get(
      url,
      { config: { perms }, schema: { tags, summary, querystring: jobListQuerySchema, response: jobList } },
      async (request) => ok(request.id, 'job', await jobs.list(actorOf(request), scope, request.query)),
    );
  listRoute('/job/jobs', 'mine', ['binded_account'], "The caller's jobs (/job/myjobs)");
  listRoute('/job/jobs/group', 'group', ['query_by_group_name'], "Jobs of the caller's group (/job/groupjobs)");
  listRoute('/job/jobs/all', 'all', ['query_others_job'], 'Every job (/job/list)');

  app.post(
    '/job/jobs',
    { config: { perms: ['binded_account'] }, schema: { tags, summary: 'Submit a job as the bound account', body: jobSubmitInputSchema, response: replies(jobSubmitResultSchema) } },
    async (request) => ok(request.id, 'job', await submit.submit(actorOf(request), request.body)),
  );

  app.get(
    '/job/job/:cluster/:jobId',
    { config: { perms: jobReaders }, schema: { tags, summary: 'One job with its script and output tails (/job/info/:cluster/:jobIndex)', params: jobParamsSchema, response: replies(jobDetailSchema) } },
    async (request) => ok(request.id, 'job', await jobs.detail(actorOf(request), request.params.cluster, request.params.jobId)),
  );

  app.delete(
    '/job/job/:cluster/:jobId',
    { config: { perms: jobReaders }, schema: { tags, summary: 'Cancel a job (owner, or query_others_job)', params: jobParamsSchema, response: replies(z.null()) } },
    async (request) => ok(request.id, 'job', await jobs.cancel(actorOf(request), request.params.cluster, request.params.jobId).then(() => null)),
  );
};
