import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSchema } from '@starlight/contract/envelope';
import {
  messageIdParamsSchema,
  messageListQuerySchema,
  messageSchema,
  messageStatusPatchSchema,
} from '@starlight/contract/messages';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { MessagesService } from './messages.service';

const messageListSchema = listSchema(messageSchema);

/** Spec §7 Messages: the bell lists unread ones (field_eq_status=1); the message page lists all. */
export const messagesRoutes: FastifyPluginAsyncZod<{ messages: MessagesService }> = async (app, { messages }) => {
  const listRoute = (url: string, summary: string) =>
    app.get(
      url,
      {
        config: { perms: [] },
        schema: { tags: ['messages'], summary, querystring: messageListQuerySchema, response: replies(messageListSchema) },
      },
      async (request) => ok(request.id, 'message', await messages.list(actorOf(request), request.query)),
    );
  listRoute('/message/message', "The caller's messages, newest first, filtered by status and title");
  listRoute('/message/message/all', "All the caller's messages, newest first");

  app.patch(
    '/message/message/:id',
    {
      config: { perms: [] },
      schema: {
        tags: ['messages'],
        summary: "Set the status of one of the caller's messages",
        params: messageIdParamsSchema,
        body: messageStatusPatchSchema,
        response: replies(messageSchema),
      },
    },
    async (request) => ok(request.id, 'message', await messages.setStatus(actorOf(request), request.params.id, request.body)),
  );
};
