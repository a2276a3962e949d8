import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginInputSchema, loginResultSchema, tokenKind, type TokenType } from '@starlight/contract/auth';
import type { FastifyRequest } from 'fastify';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { AuthService, ClientInfo } from './auth.service';

const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

/** Spec §4, §7: the two login calls (555 on refusal), and logout (our path; the spec names none). */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  const loginRoute = (url: string, tokenType: TokenType) =>
    app.post(
      url,
      {
        config: { public: true },
        schema: {
          tags: ['identity'],
          summary: `Log in with a user name, e-mail or phone (${tokenType} token)`,
          body: loginInputSchema,
          response: replies(loginResultSchema),
        },
      },
      async (request) => ok(request.id, tokenKind, await auth.login(request.body, tokenType, clientOf(request))),
    );
  loginRoute('/keystone/short_term_token/name', 'shortTerm');
  loginRoute('/keystone/long_term_token/name', 'longTerm');

  app.post(
    '/keystone/logout',
    {
      config: { perms: [] },
      schema: { tags: ['identity'], summary: 'Revoke the presented token', response: replies(z.null()) },
    },
    async (request) => {
      await auth.logout(actorOf(request));
      return ok(request.id, 'logout', null);
    },
  );
};
