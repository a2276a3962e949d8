import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listSchema } from '@starlight/contract/envelope';
import { imageLabelRelationBodySchema, imageLabelRelationQuerySchema, imageLabelRelationSchema, proxyAvailableResultSchema, proxyAvailableSchema } from '@starlight/contract/images';
import { ok, replies } from '../../lib/envelope';
import type { ImageLabelsService } from './image-labels.service';

const read = { perms: [] as const };
const write = { perms: ['manage_label'] as const };
const tags = ['labels'];

/** Spec §7: label relations on images (GET, POST, DELETE with a body) and POST /label/proxy/available (TIMEOUT 10). */
export const imageLabelRoutes: FastifyPluginAsyncZod<{ labels: ImageLabelsService }> = async (app, { labels }) => {
  app.get(
    '/label/relation/image',
    { config: read, schema: { tags, summary: 'Labels on images', querystring: imageLabelRelationQuerySchema, response: replies(listSchema(imageLabelRelationSchema)) } },
    async (request) => ok(request.id, 'label_relation', await labels.list(request.query)),
  );
  app.post(
    '/label/relation/image',
    { config: write, schema: { tags, summary: 'Put a label on an image', body: imageLabelRelationBodySchema, response: replies(z.object({ created: z.boolean() })) } },
    async (request) => ok(request.id, 'label_relation', await labels.add(request.body)),
  );
  app.delete(
    '/label/relation/image',
    { config: write, schema: { tags, summary: 'Take a label off an image', body: imageLabelRelationBodySchema, response: replies(z.null()) } },
    async (request) => ok(request.id, 'label_relation', (await labels.remove(request.body)) ?? null),
  );
  // administrators only: open to everyone it would let any user probe the network
  app.post(
    '/label/proxy/available',
    { config: { perms: ['manage_label', 'dchub-basic-admin'] as const }, schema: { tags, summary: 'Whether a registry address answers (10 s)', body: proxyAvailableSchema, response: replies(proxyAvailableResultSchema) } },
    async (request) => ok(request.id, 'proxy', await labels.proxyAvailable(request.body.address)),
  );
};
