import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listSchema } from '@starlight/contract/envelope';
import {
  cliSecretCreateSchema,
  cliSecretCreatedSchema,
  cliSecretListQuerySchema,
  cliSecretSchema,
  layerQuerySchema,
  layerSchema,
  repositoryListQuerySchema,
  repositoryPatchSchema,
  repositoryRefQuerySchema,
  repositorySchema,
  secretIdParamsSchema,
  tagDeleteSchema,
  tagSchema,
} from '@starlight/contract/images';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { HubService } from './hub.service';
import type { SecretsService } from './secrets.service';
import type { TokenService } from './token.service';

const bound = { perms: ['binded_account'] as const };
const open = { public: true } as const;
const tags = ['images'];

function basicOf(header: string | undefined): { user: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? { user: decoded, secret: '' } : { user: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

const tokenQuerySchema = z.object({
  service: z.string().max(100).optional(),
  scope: z.union([z.string().max(1000), z.array(z.string().max(1000)).max(20)]).optional(),
  account: z.string().max(100).optional(),
});

/** /image-center (bound users), the public /dchub reads, and the registry's token endpoint. */
export const hubRoutes: FastifyPluginAsyncZod<{ hub: HubService; secrets: SecretsService; tokens: TokenService; certificate: () => Promise<string> }> = async (
  app,
  { hub, secrets, tokens, certificate },
) => {
  // the registry's rootcertbundle (public by nature: it lets a registry check the console's signatures)
  app.get('/image/token/certificate', { config: open, schema: { tags, summary: "The token signer's certificate (the registry's rootcertbundle)" } }, async (_request, reply) =>
    reply.type('application/x-pem-file').send(await certificate()),
  );
  // Docker Registry v2 token auth: clients send Basic (user name, CLI secret) or nothing; the reply is the raw token JSON they expect.
  app.get('/image/token', { config: open, schema: { tags, summary: 'Registry token (docker/podman/skopeo login with a CLI secret)', querystring: tokenQuerySchema } }, async (request) => {
    const scope = request.query.scope;
    return tokens.issue({
      service: request.query.service,
      scopes: (Array.isArray(scope) ? scope : scope ? [scope] : []).flatMap((one) => one.split(' ')),
      basic: basicOf(request.headers.authorization),
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
    });
  });

  app.get(
    '/image/repository',
    { config: bound, schema: { tags, summary: 'Repositories the caller may pull (own, groups, library, public)', querystring: repositoryListQuerySchema, response: replies(listSchema(repositorySchema)) } },
    async (request) => ok(request.id, 'image_repository', await hub.repositories(actorOf(request), request.query)),
  );
  app.get(
    '/image/repository/tag',
    { config: bound, schema: { tags, summary: 'Tags of a repository: digest, size, platforms, created', querystring: repositoryRefQuerySchema, response: replies(listSchema(tagSchema)) } },
    async (request) => ok(request.id, 'image_tag', await hub.tags(actorOf(request), request.query)),
  );
  app.get(
    '/image/repository/layer',
    { config: bound, schema: { tags, summary: 'Layers of a tag from its config history', querystring: layerQuerySchema, response: replies(listSchema(layerSchema)) } },
    async (request) => ok(request.id, 'image_layer', await hub.layers(actorOf(request), request.query)),
  );
  app.patch(
    '/image/repository',
    { config: bound, schema: { tags, summary: 'Make a repository public/private, set its README', body: repositoryPatchSchema, response: replies(repositorySchema) } },
    async (request) => ok(request.id, 'image_repository', await hub.patch(actorOf(request), request.body)),
  );
  app.delete(
    '/image/repository/tag',
    { config: bound, schema: { tags, summary: 'Delete a tag (its manifest, by digest)', body: tagDeleteSchema, response: replies(z.object({ digest: z.string() })) } },
    async (request) => ok(request.id, 'image_tag', await hub.deleteTag(actorOf(request), request.body)),
  );

  app.get(
    '/image/secret',
    { config: bound, schema: { tags, summary: 'CLI secrets of the caller (or, dchub-basic-admin, of a user)', querystring: cliSecretListQuerySchema, response: replies(listSchema(cliSecretSchema)) } },
    async (request) => ok(request.id, 'image_secret', await secrets.list(actorOf(request), request.query)),
  );
  app.post(
    '/image/secret',
    { config: bound, schema: { tags, summary: 'Create a CLI secret (shown once)', body: cliSecretCreateSchema, response: replies(cliSecretCreatedSchema) } },
    async (request) => ok(request.id, 'image_secret', await secrets.create(actorOf(request), request.body)),
  );
  app.delete(
    '/image/secret/:id',
    { config: bound, schema: { tags, summary: 'Revoke a CLI secret', params: secretIdParamsSchema, response: replies(z.null()) } },
    async (request) => ok(request.id, 'image_secret', (await secrets.revoke(actorOf(request), request.params.id)) ?? null),
  );

  // /dchub: the public hub without login; only repositories marked public exist here
  app.get(
    '/dchub/repository',
    { config: open, schema: { tags, summary: 'Public repositories', querystring: repositoryListQuerySchema, response: replies(listSchema(repositorySchema)) } },
    async (request) => ok(request.id, 'image_repository', await hub.repositories(null, request.query)),
  );
  app.get(
    '/dchub/repository/tag',
    { config: open, schema: { tags, summary: 'Tags of a public repository', querystring: repositoryRefQuerySchema, response: replies(listSchema(tagSchema)) } },
    async (request) => ok(request.id, 'image_tag', await hub.tags(null, request.query)),
  );
  app.get(
    '/dchub/repository/layer',
    { config: open, schema: { tags, summary: 'Layers of a public tag', querystring: layerQuerySchema, response: replies(listSchema(layerSchema)) } },
    async (request) => ok(request.id, 'image_layer', await hub.layers(null, request.query)),
  );
};
