import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { oauthAuthorizeInputSchema, oauthAuthorizeResultSchema, oauthInteractionSchema, ssoConfigSchema, tokenV3Schema } from '@starlight/contract/sso';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { AuditRecorder } from '../audit/audit.service';
import type { OauthService } from './oauth.service';
import type { OidcProvider } from './provider';

export interface OauthRoutesOptions {
  oauth: OauthService;
  oidc: OidcProvider;
  config: z.infer<typeof ssoConfigSchema>;
  audit?: AuditRecorder | undefined;
}

/** Spec §7: POST /keystone/oauth/authorize and GET /keystone/token/v3; plus what the /oauth page reads. */
export const oauthRoutes: FastifyPluginAsyncZod<OauthRoutesOptions> = async (app, { oauth, oidc, config, audit }) => {
  app.get(
    '/keystone/oauth/config',
    {
      config: { public: true },
      schema: { tags: ['sso'], summary: "The OpenID provider's issuer, discovery URL and the provider's domain", response: replies(ssoConfigSchema) },
    },
    async (request) => ok(request.id, 'sso', config),
  );

  app.get(
    '/keystone/oauth/interaction/:uid',
    {
      config: { perms: [] },
      schema: {
        tags: ['sso'],
        summary: 'A pending authorization: the site asking and the scopes it asks for (the /oauth consent page)',
        params: z.object({ uid: z.string().min(1).max(100) }),
        response: replies(oauthInteractionSchema),
      },
    },
    async (request, reply) => ok(request.id, 'oauth', await oauth.interaction(request.params.uid, await oidc.boundInteraction(request.raw, reply.raw))),
  );

  app.post(
    '/keystone/oauth/authorize',
    {
      config: { perms: [] },
      schema: {
        tags: ['sso'],
        summary: "Record the signed-in user's Allow/Deny for a pending authorization; answers the URL to continue to",
        body: oauthAuthorizeInputSchema,
        response: replies(oauthAuthorizeResultSchema),
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const result = await oauth.authorize(actor, request.body, await oidc.boundInteraction(request.raw, reply.raw));
      if (request.body.uid !== undefined)
        await audit?.record({
          action: 'oauth_consent',
          result: 'ok',
          userId: actor.userId,
          userName: actor.userName,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
          detail: request.body.allow ? 'allowed' : 'denied',
        });
      return ok(request.id, 'oauth', result);
    },
  );

  app.get(
    '/keystone/token/v3',
    {
      config: { perms: [] },
      schema: { tags: ['sso'], summary: 'A short-lived RS256 JWT of the caller, verifiable with the JWKS', response: replies(tokenV3Schema) },
    },
    async (request) => ok(request.id, 'token', await oauth.tokenV3(actorOf(request))),
  );
};
