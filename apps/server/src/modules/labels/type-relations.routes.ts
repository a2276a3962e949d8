import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listSchema } from '@starlight/contract/envelope';
import { labelTypeRelationBodySchema, labelTypeRelationQuerySchema, labelTypeRelationSchema } from '@starlight/contract/labels';
import { ok, replies } from '../../lib/envelope';
import type { TypeRelationsService } from './type-relations.service';

const tags = ['labels'];

/** Spec §7: GET, POST and DELETE (body) /label/relation/type; reads as the other label reads, writes manage_label. */
export const typeRelationsRoutes: FastifyPluginAsyncZod<{ relations: TypeRelationsService }> = async (app, { relations }) => {
  app.get(
    '/label/relation/type',
    { config: { perms: [] }, schema: { tags, summary: 'Which label types are for apps and which for images', querystring: labelTypeRelationQuerySchema, response: replies(listSchema(labelTypeRelationSchema)) } },
    async (request) => ok(request.id, 'label_relation', await relations.list(request.query)),
  );
  app.post(
    '/label/relation/type',
    { config: { perms: ['manage_label'] }, schema: { tags, summary: 'A label type is for apps or images', body: labelTypeRelationBodySchema, response: replies(z.object({ created: z.boolean() })) } },
    async (request) => ok(request.id, 'label_relation', await relations.add(request.body)),
  );
  app.delete(
    '/label/relation/type',
    { config: { perms: ['manage_label'] }, schema: { tags, summary: 'A label type is no longer for apps or images', body: labelTypeRelationBodySchema, response: replies(z.null()) } },
    async (request) => ok(request.id, 'label_relation', await relations.remove(request.body)),
  );
};
