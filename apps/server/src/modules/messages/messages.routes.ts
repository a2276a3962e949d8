import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSchema } from '@starlight/contract/envelope';
import {
  messageIdParamsSchema,
  messageListQuerySchema,
  messagePreferencesInputSchema,
  messagePreferencesSchema,
  messageSchema,
  messagesMarkedSchema,
  messageStatusPatchSchema,
} from '@starlight/contract/messages';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { InboxService } from './messages.service';
import type { PreferencesService } from './preferences.service';

const messageListSchema = listSchema(messageSchema);
const tags = ['messages'];
// every signed-in user has an inbox (the bell shows for all); only their own messages are reachable
const own = { perms: [] };

/** Spec §7 Messages: the bell lists unread ones (field_eq_status=1); the message centre lists, reads, marks and deletes. */
export const messagesRoutes: FastifyPluginAsyncZod<{ inbox: InboxService; preferences: PreferencesService }> = async (app, { inbox, preferences }) => {
  const listRoute = (url: string, summary: string) =>
    app.get(
      url,
      { config: own, schema: { tags, summary, querystring: messageListQuerySchema, response: replies(messageListSchema) } },
      async (request) => ok(request.id, 'message', await inbox.list(actorOf(request), request.query)),
    );
  listRoute('/message/message', "The caller's messages, newest first, filtered by status, kind and title");
  listRoute('/message/message/all', "All the caller's messages, newest first");

  app.post(
    '/message/message/read_all',
    { config: own, schema: { tags, summary: "Marks every unread message of the caller read (ours)", response: replies(messagesMarkedSchema) } },
    async (request) => ok(request.id, 'message', await inbox.markAllRead(actorOf(request))),
  );

  app.get(
    '/message/message/:id',
    { config: own, schema: { tags, summary: "One of the caller's messages (ours)", params: messageIdParamsSchema, response: replies(messageSchema) } },
    async (request) => ok(request.id, 'message', await inbox.get(actorOf(request), request.params.id)),
  );

  app.patch(
    '/message/message/:id',
    {
      config: own,
      schema: {
        tags,
        summary: "Set the status of one of the caller's messages",
        params: messageIdParamsSchema,
        body: messageStatusPatchSchema,
        response: replies(messageSchema),
      },
    },
    async (request) => ok(request.id, 'message', await inbox.setStatus(actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/message/message/:id',
    { config: own, schema: { tags, summary: "Deletes one of the caller's messages (ours)", params: messageIdParamsSchema, response: replies(messageSchema) } },
    async (request) => ok(request.id, 'message', await inbox.remove(actorOf(request), request.params.id)),
  );

  app.get(
    '/message/preference',
    { config: own, schema: { tags, summary: "The caller's channels per message kind (ours)", response: replies(messagePreferencesSchema) } },
    async (request) => ok(request.id, 'message', await preferences.list(actorOf(request))),
  );

  app.put(
    '/message/preference',
    {
      config: own,
      schema: { tags, summary: "Sets the caller's channels for some message kinds (ours)", body: messagePreferencesInputSchema, response: replies(messagePreferencesSchema) },
    },
    async (request) => ok(request.id, 'message', await preferences.set(actorOf(request), request.body)),
  );
};
