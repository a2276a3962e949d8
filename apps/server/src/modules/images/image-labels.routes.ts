import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listSchema } from '@starlight/contract/envelope';
import { appImageSchema, idParamsSchema, imageLabelRelationBodySchema, imageLabelRelationQuerySchema, imageLabelRelationSchema, proxyAvailableResultSchema, proxyAvailableSchema } from '@starlight/contract/images';
import { notFound } from '../../lib/app-error';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { ImageLabelsService } from './image-labels.service';
import type { ImagePins } from './image-pins';

/** The texts of an app's latest version for a caller who may read it, else null (the apps module answers). */
export type AppDocuments = (actor: ReturnType<typeof actorOf>, id: number) => Promise<string[] | null>;

const read = { perms: [] as const };
const write = { perms: ['manage_label'] as const };
const tags = ['labels'];

/** Spec §7: label relations on images (GET, POST, DELETE with a body) and POST /label/proxy/available (TIMEOUT 10). */
export const imageLabelRoutes: FastifyPluginAsyncZod<{ labels: ImageLabelsService; pins: ImagePins; appDocuments: AppDocuments }> = async (app, { labels, pins, appDocuments }) => {
  app.get(
    '/label/relation/image',
    { config: read, schema: { tags, summary: 'Labels on images', querystring: imageLabelRelationQuerySchema, response: replies(listSchema(imageLabelRelationSchema)) } },
    async (request) => ok(request.id, 'label_relation', await labels.list(actorOf(request), request.query)),
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
  app.get(
    '/label/app/image/:id',
    { config: read, schema: { tags, summary: "The images an app's DockerRequirement names, with their digests and labels", params: idParamsSchema, response: replies(z.array(appImageSchema)) } },
    async (request) => {
      const texts = await appDocuments(actorOf(request), request.params.id);
      if (!texts) throw notFound('app');
      return ok(request.id, 'image', await pins.describe(actorOf(request), texts));
    },
  );
  // administrators only: open to everyone it would let any user probe the network
  app.post(
    '/label/proxy/available',
    { config: { perms: ['manage_label', 'dchub-basic-admin'] as const }, schema: { tags, summary: 'Whether a registry address answers (10 s)', body: proxyAvailableSchema, response: replies(proxyAvailableResultSchema) } },
    async (request) => ok(request.id, 'proxy', await labels.proxyAvailable(request.body.address)),
  );
};
