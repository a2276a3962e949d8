import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSchema } from '@starlight/contract/envelope';
import {
  attachmentParamsSchema,
  replyInputSchema,
  ticketAssigneeSchema,
  ticketDetailSchema,
  ticketIdParamsSchema,
  ticketInputSchema,
  ticketListQuerySchema,
  ticketPatchSchema,
  ticketSchema,
} from '@starlight/contract/tickets';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { contentDisposition } from '../storage/preview';
import type { TicketsService } from './tickets.service';

const tags = ['tickets'];
// opening, following and answering one's own tickets needs only a login (the spec's /ticket pages have no key);
// the service answers another user's ticket with 1404 unless the caller holds manage_ticket
const signedIn = { perms: [] };
const staff = { perms: ['manage_ticket'] as const };

/** Issue 11: support tickets (README). */
export const ticketsRoutes: FastifyPluginAsyncZod<{ tickets: TicketsService }> = async (app, { tickets }) => {
  app.get(
    '/ticket/tickets',
    { config: signedIn, schema: { tags, summary: "The caller's tickets (staff: every ticket), newest activity first", querystring: ticketListQuerySchema, response: replies(listSchema(ticketSchema)) } },
    async (request) => ok(request.id, 'ticket', await tickets.list(actorOf(request), request.query)),
  );
  app.post('/ticket/tickets', { config: signedIn, schema: { tags, summary: 'Opens a ticket (attachments copied from the caller’s storage)', body: ticketInputSchema, response: replies(ticketDetailSchema) } }, async (request) =>
    ok(request.id, 'ticket', await tickets.create(actorOf(request), request.body)),
  );
  app.get('/ticket/tickets/:id', { config: signedIn, schema: { tags, summary: 'One ticket with its replies', params: ticketIdParamsSchema, response: replies(ticketDetailSchema) } }, async (request) =>
    ok(request.id, 'ticket', await tickets.detail(actorOf(request), request.params.id)),
  );
  app.patch(
    '/ticket/tickets/:id',
    { config: staff, schema: { tags, summary: 'Staff: state or assignee', params: ticketIdParamsSchema, body: ticketPatchSchema, response: replies(ticketDetailSchema) } },
    async (request) => ok(request.id, 'ticket', await tickets.update(actorOf(request), request.params.id, request.body)),
  );
  app.post(
    '/ticket/tickets/:id/reply',
    { config: signedIn, schema: { tags, summary: 'A reply (staff: public or internal note)', params: ticketIdParamsSchema, body: replyInputSchema, response: replies(ticketDetailSchema) } },
    async (request) => ok(request.id, 'ticket', await tickets.reply(actorOf(request), request.params.id, request.body)),
  );
  app.post('/ticket/tickets/:id/close', { config: signedIn, schema: { tags, summary: 'Closes the ticket', params: ticketIdParamsSchema, response: replies(ticketDetailSchema) } }, async (request) =>
    ok(request.id, 'ticket', await tickets.close(actorOf(request), request.params.id)),
  );
  app.post(
    '/ticket/tickets/:id/reopen',
    { config: signedIn, schema: { tags, summary: 'Reopens a resolved or closed ticket (within the reopen window)', params: ticketIdParamsSchema, response: replies(ticketDetailSchema) } },
    async (request) => ok(request.id, 'ticket', await tickets.reopen(actorOf(request), request.params.id)),
  );
  app.get(
    '/ticket/tickets/:id/attachments/:attachmentId',
    { config: signedIn, schema: { tags, summary: 'Downloads an attachment', params: attachmentParamsSchema } },
    async (request, reply) => {
      const file = await tickets.attachment(actorOf(request), request.params.id, request.params.attachmentId);
      // always a download, never rendered in our origin (an attached HTML file must not run here)
      return reply
        .headers({ 'content-type': 'application/octet-stream', 'content-disposition': contentDisposition('attachment', file.name), 'x-content-type-options': 'nosniff' })
        .send(file.content);
    },
  );
  app.get('/ticket/assignees', { config: staff, schema: { tags, summary: 'Support staff tickets can be assigned to', response: replies(z.array(ticketAssigneeSchema)) } }, async (request) =>
    ok(request.id, 'ticket', await tickets.assignees()),
  );
};
