import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { loginResultSchema, tokenKind } from '@starlight/contract/auth';
import {
  externalCallbackInputSchema,
  externalKindSchema,
  externalProviderInputSchema,
  externalProviderListSchema,
  externalProviderSchema,
  externalPublicSchema,
  externalStartResultSchema,
} from '@starlight/contract/sso';
import { ok, replies } from '../../lib/envelope';
import type { AuditRecorder } from '../audit/audit.service';
import type { ClientInfo } from '../identity/auth.service';
import { adminAudit } from './admin-audit';
import type { ExternalService } from './external.service';

const kindParams = z.object({ kind: externalKindSchema });
const adminPerms = ['query_role'] as const;
const publicLimit = { max: 30, timeWindow: 60_000 };
const clientOf = (request: FastifyRequest): ClientInfo => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });

/** /wx-login (wechat) and /vc-login (oidc): the admin's provider settings and the sign-in itself. */
export const externalRoutes: FastifyPluginAsyncZod<{ external: ExternalService; audit?: AuditRecorder | undefined }> = async (app, { external, audit }) => {
  const record = adminAudit(audit);
  app.get(
    '/keystone/external/providers',
    {
      config: { perms: adminPerms },
      schema: { tags: ['sso'], summary: 'External sign-in providers (secrets never answered)', response: replies(externalProviderListSchema) },
    },
    async (request) => {
      const list = await external.list();
      return ok(request.id, 'external_provider', { list, total: list.length });
    },
  );

  app.put(
    '/keystone/external/providers/:kind',
    {
      config: { perms: adminPerms },
      schema: { tags: ['sso'], summary: 'Configure the WeChat or OpenID Connect sign-in provider', params: kindParams, body: externalProviderInputSchema, response: replies(externalProviderSchema) },
    },
    async (request) => {
      const saved = await external.save(request.params.kind, request.body);
      await record(request, 'external_provider_change', `external:${request.params.kind}`);
      return ok(request.id, 'external_provider', saved);
    },
  );

  app.delete(
    '/keystone/external/providers/:kind',
    {
      config: { perms: adminPerms },
      schema: { tags: ['sso'], summary: 'Remove a sign-in provider (linked accounts stay linked)', params: kindParams, response: replies(z.null()) },
    },
    async (request) => {
      await external.remove(request.params.kind);
      await record(request, 'external_provider_change', `external:${request.params.kind}`, 'removed');
      return ok(request.id, 'external_provider', null);
    },
  );

  app.get(
    '/keystone/external/:kind',
    {
      config: { public: true },
      schema: { tags: ['sso'], summary: 'Whether sign-in through this provider is offered, and its name', params: kindParams, response: replies(externalPublicSchema) },
    },
    async (request) => ok(request.id, 'external_provider', await external.publicInfo(request.params.kind)),
  );

  app.post(
    '/keystone/external/:kind/start',
    {
      config: { public: true, rateLimit: publicLimit },
      schema: { tags: ['sso'], summary: "Begin a sign-in: the provider's URL (state, PKCE and nonce kept on our side)", params: kindParams, response: replies(externalStartResultSchema) },
    },
    async (request) => ok(request.id, 'external_login', await external.start(request.params.kind)),
  );

  app.post(
    '/keystone/external/:kind/callback',
    {
      config: { public: true, rateLimit: publicLimit },
      schema: { tags: ['sso'], summary: 'Finish a sign-in with the code the provider returned: a Starlight token', params: kindParams, body: externalCallbackInputSchema, response: replies(loginResultSchema) },
    },
    async (request) => {
      const client = clientOf(request);
      const kind = request.params.kind;
      const result = await external.callback(kind, request.body, client).catch(async (error: unknown) => {
        await audit?.record({ action: 'login', result: 'failed', userId: null, userName: '', ...client, detail: `via ${kind}: ${(error as Error).message}`.slice(0, 300) });
        throw error;
      });
      await audit?.record({ action: 'login', result: 'ok', userId: result.userId, userName: result.userName, ...client, detail: `via ${kind}` });
      return ok(request.id, tokenKind, result.login);
    },
  );
};
