import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSchema } from '@starlight/contract/envelope';
import {
  templateIdParamsSchema,
  templateInputSchema,
  templateListQuerySchema,
  templateSchema,
  templateSendIdParamsSchema,
  templateSendSchema,
  templateSendStateSchema,
} from '@starlight/contract/message-templates';
import { actorOf } from '../../plugins/auth';
import { ok, replies } from '../../lib/envelope';
import type { TemplateSends } from './template-sends.service';
import type { TemplatesService } from './templates.service';

const tags = ['messages'];
const manage = { perms: ['manage_message_template'] as const };

/**
 * Spec §7: template CRUD by id, the SMS templates, and `POST /message/template/send` (signed in: the
 * template key sends to anyone, a group administrator to their own groups; checked by the service).
 */
export const templatesRoutes: FastifyPluginAsyncZod<{ templates: TemplatesService; sends: TemplateSends; kick: () => void }> = async (app, { templates, sends, kick }) => {
  app.post(
    '/message/template/send',
    { config: { perms: [] }, schema: { tags, summary: 'Sends a template to users, groups, communities or everyone (delivered in the background)', body: templateSendSchema, response: replies(templateSendStateSchema) } },
    async (request) => {
      const state = await sends.start(actorOf(request), request.body);
      kick();
      return ok(request.id, 'message', state);
    },
  );
  app.get(
    '/message/template/send/:id',
    { config: { perms: [] }, schema: { tags, summary: "A send's progress (its sender, or the template key)", params: templateSendIdParamsSchema, response: replies(templateSendStateSchema) } },
    async (request) => ok(request.id, 'message', await sends.state(actorOf(request), request.params.id)),
  );
  app.get('/message/template', { config: manage, schema: { tags, summary: 'Message templates', querystring: templateListQuerySchema, response: replies(listSchema(templateSchema)) } }, async (request) =>
    ok(request.id, 'message', await templates.list(request.query)),
  );
  app.get(
    '/message/telephone/template',
    { config: manage, schema: { tags, summary: 'SMS templates', querystring: templateListQuerySchema, response: replies(listSchema(templateSchema)) } },
    async (request) => ok(request.id, 'message', await templates.list({ ...request.query, field_eq_channel: 'sms' })),
  );
  app.get('/message/template/:id', { config: manage, schema: { tags, summary: 'One template', params: templateIdParamsSchema, response: replies(templateSchema) } }, async (request) =>
    ok(request.id, 'message', await templates.get(request.params.id)),
  );
  app.post('/message/template', { config: manage, schema: { tags, summary: 'Creates a template (variables checked)', body: templateInputSchema, response: replies(templateSchema) } }, async (request) =>
    ok(request.id, 'message', await templates.create(request.body)),
  );
  app.patch(
    '/message/template/:id',
    { config: manage, schema: { tags, summary: 'Replaces a template (variables checked)', params: templateIdParamsSchema, body: templateInputSchema, response: replies(templateSchema) } },
    async (request) => ok(request.id, 'message', await templates.update(request.params.id, request.body)),
  );
  app.delete('/message/template/:id', { config: manage, schema: { tags, summary: 'Deletes a template', params: templateIdParamsSchema, response: replies(z.null()) } }, async (request) => {
    await templates.remove(request.params.id);
    return ok(request.id, 'message', null);
  });
};
