import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preValidationAsyncHookHandler } from 'fastify';
import { loginInputSchema, loginResultSchema, tokenKind, type TokenType } from '@starlight/contract/auth';
import type { FastifyRequest } from 'fastify';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { AuditRecorder } from '../audit/audit.service';
import type { AuthService, ClientInfo } from './auth.service';

const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

/** Spec §4, §7: the two login calls (555 on refusal), and logout (our path; the spec names none). */
export interface AuthRoutesOptions {
  auth: AuthService;
  /** Login (ok and failed) and logout are audited when given. */
  audit?: AuditRecorder;
  /** The user a typed login name belongs to, for failed logins (null: no such user). */
  loginSubject?: (name: string) => Promise<{ id: number; userName: string } | null>;
  /** SEC30 (lib/sec30): decrypts the password fields before the body is validated. */
  decryptPasswords?: preValidationAsyncHookHandler;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, audit, loginSubject, decryptPasswords }) => {
  if (decryptPasswords) app.addHook('preValidation', decryptPasswords);
  const auditLogin = async (name: string, client: ClientInfo, token: string | null): Promise<void> => {
    if (!audit) return;
    const subject = token ? await auth.resolveToken(token).then((actor) => actor && { id: actor.userId, userName: actor.userName }) : await loginSubject?.(name);
    await audit.record({ action: 'login', result: token ? 'ok' : 'failed', userId: subject?.id ?? null, userName: subject?.userName ?? name, ...client });
  };

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
      async (request) => {
        const client = clientOf(request);
        const result = await auth.login(request.body, tokenType, client).catch(async (error: unknown) => {
          await auditLogin(request.body.name, client, null);
          throw error;
        });
        await auditLogin(request.body.name, client, result.token);
        return ok(request.id, tokenKind, result);
      },
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
      const actor = actorOf(request);
      await auth.logout(actor);
      await audit?.record({ action: 'logout', result: 'ok', userId: actor.userId, userName: actor.userName, ...clientOf(request) });
      return ok(request.id, 'logout', null);
    },
  );
};
