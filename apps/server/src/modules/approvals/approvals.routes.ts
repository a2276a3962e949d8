import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applicationInputSchema,
  applicationListQuerySchema,
  applicationSchema,
  approvalChainInputSchema,
  approvalChainSchema,
  approvalRootInputSchema,
  approvalRootSchema,
  decisionInputSchema,
  idParamsSchema,
  kindParamsSchema,
  requestablePartitionSchema,
} from '@starlight/contract/approvals';
import { listSchema } from '@starlight/contract/envelope';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { ApplicationsService } from './applications.service';
import type { ChainsService } from './chains.service';
import type { Actor } from '../../lib/actor';
import type { RequestablePartition } from '@starlight/contract/approvals';

type RequestablePartitions = (actor: Actor) => Promise<RequestablePartition[]>;

const tags = ['approvals'];
// applying, following one's own and deciding as a named approver need only a login; the service checks who may see and decide what
const signedIn = { perms: [] };
const manage = { perms: ['manage_approval'] as const };
const staff = { perms: ['query_all_user_approval'] as const };
const applicationList = listSchema(applicationSchema);

/** Issue 11: chains and approval-root (manage_approval), applications (/apply), the staff view. */
export const approvalsRoutes: FastifyPluginAsyncZod<{ chains: ChainsService; applications: ApplicationsService; requestable?: RequestablePartitions }> = async (
  app,
  { chains, applications, requestable },
) => {
  app.get(
    '/apply/partitions',
    { config: signedIn, schema: { tags, summary: 'Partitions the caller may apply for, and whether they may use each now', response: replies(z.array(requestablePartitionSchema)) } },
    async (request) => ok(request.id, 'apply', requestable ? await requestable(actorOf(request)) : []),
  );
  app.get('/approval/approval-root', { config: manage, schema: { tags, summary: 'Every application kind and the chain it uses', response: replies(z.array(approvalRootSchema)) } }, async (request) =>
    ok(request.id, 'approval', await chains.roots()),
  );
  app.patch(
    '/approval/approval-root/:kind',
    { config: manage, schema: { tags, summary: 'Sets the chain of an application kind (null closes it)', params: kindParamsSchema, body: approvalRootInputSchema, response: replies(z.array(approvalRootSchema)) } },
    async (request) => ok(request.id, 'approval', await chains.setRoot(request.params.kind, request.body.chain_id)),
  );
  app.get('/approval/approval-nodes', { config: manage, schema: { tags, summary: 'Approval chains with their nodes', response: replies(z.array(approvalChainSchema)) } }, async (request) =>
    ok(request.id, 'approval', await chains.list()),
  );
  app.post('/approval/approval-nodes', { config: manage, schema: { tags, summary: 'Creates a chain', body: approvalChainInputSchema, response: replies(approvalChainSchema) } }, async (request) =>
    ok(request.id, 'approval', await chains.create(request.body)),
  );
  app.get('/approval/approval-nodes/:id', { config: manage, schema: { tags, summary: 'One chain', params: idParamsSchema, response: replies(approvalChainSchema) } }, async (request) =>
    ok(request.id, 'approval', await chains.get(request.params.id)),
  );
  app.patch(
    '/approval/approval-nodes/:id',
    { config: manage, schema: { tags, summary: 'Replaces a chain (applications in flight keep their copy)', params: idParamsSchema, body: approvalChainInputSchema, response: replies(approvalChainSchema) } },
    async (request) => ok(request.id, 'approval', await chains.update(request.params.id, request.body)),
  );
  app.delete('/approval/approval-nodes/:id', { config: manage, schema: { tags, summary: 'Deletes a chain no kind uses', params: idParamsSchema, response: replies(z.null()) } }, async (request) => {
    await chains.remove(request.params.id);
    return ok(request.id, 'approval', null);
  });
  app.get(
    '/approval/staff-approval',
    { config: staff, schema: { tags, summary: "Every user's applications", querystring: applicationListQuerySchema, response: replies(applicationList) } },
    async (request) => ok(request.id, 'approval', await applications.all(actorOf(request), request.query)),
  );

  app.get('/apply/my-apply', { config: signedIn, schema: { tags, summary: "The caller's applications", querystring: applicationListQuerySchema, response: replies(applicationList) } }, async (request) =>
    ok(request.id, 'apply', await applications.mine(actorOf(request), request.query)),
  );
  app.get('/apply/todo', { config: signedIn, schema: { tags, summary: 'Applications whose current node the caller decides', querystring: applicationListQuerySchema, response: replies(applicationList) } }, async (request) =>
    ok(request.id, 'apply', await applications.todo(actorOf(request), request.query)),
  );
  app.post('/apply/applications', { config: signedIn, schema: { tags, summary: 'Apply (the kind checks its payload)', body: applicationInputSchema, response: replies(applicationSchema) } }, async (request) =>
    ok(request.id, 'apply', await applications.apply(actorOf(request), request.body)),
  );
  app.get(
    '/apply/approval-details/:id',
    { config: signedIn, schema: { tags, summary: 'One application with its timeline (applicant, its approvers, staff)', params: idParamsSchema, response: replies(applicationSchema) } },
    async (request) => ok(request.id, 'apply', await applications.get(actorOf(request), request.params.id)),
  );
  app.post(
    '/apply/applications/:id/decision',
    { config: signedIn, schema: { tags, summary: 'Approve or reject the current node', params: idParamsSchema, body: decisionInputSchema, response: replies(applicationSchema) } },
    async (request) => ok(request.id, 'apply', await applications.decide(actorOf(request), request.params.id, request.body)),
  );
  app.post(
    '/apply/applications/:id/withdraw',
    { config: signedIn, schema: { tags, summary: 'The applicant withdraws a pending application', params: idParamsSchema, response: replies(applicationSchema) } },
    async (request) => ok(request.id, 'apply', await applications.withdraw(actorOf(request), request.params.id)),
  );
};
