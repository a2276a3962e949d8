import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { datafileInfoSchema, datafileQuerySchema, shareLinkInputSchema, shareLinkSchema } from '@starlight/contract/storage';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { contentDisposition, previewHeaders } from './preview';
import type { SharesService } from './shares.service';

const tags = ['storage'];
/** Public calls: a token guesser gets few tries per minute per address. */
const publicLimit = { max: 60, timeWindow: '1 minute' };

/** Read-only links to one file: made in the file manager, opened by anyone holding the link at /datafile/view. */
export const sharesRoutes: FastifyPluginAsyncZod<{ shares: SharesService }> = async (app, { shares }) => {
  app.post(
    '/storage/share',
    { config: { perms: [] }, schema: { tags, summary: 'A read-only link to one file, expiring', body: shareLinkInputSchema, response: replies(shareLinkSchema) } },
    async (request) => ok(request.id, 'share', await shares.create(actorOf(request), request.body)),
  );

  app.get(
    '/datafile/info',
    { config: { public: true, rateLimit: publicLimit }, schema: { tags, summary: 'What a link shows (public)', querystring: datafileQuerySchema, response: replies(datafileInfoSchema) } },
    async (request) => ok(request.id, 'datafile', await shares.info(request.query.token)),
  );

  app.get(
    '/datafile/content',
    { config: { public: true, rateLimit: publicLimit }, schema: { tags, summary: "A link's file: inline when previewable, else an attachment (public)", querystring: datafileQuerySchema, response: { '4xx': z.unknown(), '5xx': z.unknown() } } },
    async (request, reply) => {
      const file = await shares.content(request.query.token);
      if (file.preview) reply.headers(previewHeaders(file.contentType, file.name));
      else reply.headers({ 'content-type': file.contentType, 'content-disposition': contentDisposition('attachment', file.name), 'x-content-type-options': 'nosniff' });
      return reply.header('content-length', String(file.size)).send(file.stream);
    },
  );
};
