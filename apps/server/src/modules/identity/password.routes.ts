import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preValidationAsyncHookHandler } from 'fastify';
import {
  changePasswordInputSchema,
  codeSentSchema,
  emailResetCodeInputSchema,
  passwordCheckQuerySchema,
  passwordCheckSchema,
  resetByEmailInputSchema,
  resetByTelephoneInputSchema,
  telephoneResetCodeInputSchema,
  verificationMessages,
} from '@starlight/contract/verification';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { PasswordService } from './password.service';

const tags = ['identity'];

/** Spec §7: reset codes, reset by code, change while logged in, password check. */
export const passwordRoutes: FastifyPluginAsyncZod<{ passwords: PasswordService; decryptPasswords?: preValidationAsyncHookHandler }> = async (
  app,
  { passwords, decryptPasswords },
) => {
  // SEC30 (lib/sec30): the password fields are decrypted before the body is validated.
  if (decryptPasswords) app.addHook('preValidation', decryptPasswords);
  const client = (request: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
  });
  const sentSummary = 'The same answer whether or not the address has an account; a code goes only to a real one';

  app.post(
    '/user/user_verify/email_reset_code',
    { config: { public: true }, schema: { tags, summary: sentSummary, body: emailResetCodeInputSchema, response: replies(codeSentSchema) } },
    async (request) =>
      ok(request.id, 'verification_code', await passwords.sendResetCode('email', request.body.email, request.ip), verificationMessages.codeSent),
  );

  app.post(
    '/user/user_verify/telephone_reset_code',
    { config: { public: true }, schema: { tags, summary: sentSummary, body: telephoneResetCodeInputSchema, response: replies(codeSentSchema) } },
    async (request) =>
      ok(request.id, 'verification_code', await passwords.sendResetCode('sms', request.body.telephone, request.ip), verificationMessages.codeSent),
  );

  app.patch(
    '/user/user/reset_password_by_email',
    {
      config: { public: true },
      schema: { tags, summary: 'Set a new password with an e-mail reset code; revokes all the user’s tokens', body: resetByEmailInputSchema, response: replies(z.null()) },
    },
    async (request) => {
      const { email, verification_code, password } = request.body;
      await passwords.resetByCode('email', email, verification_code, password, client(request));
      return ok(request.id, 'password', null);
    },
  );

  app.patch(
    '/user/user/reset_password_by_telephone',
    {
      config: { public: true },
      schema: { tags, summary: 'Set a new password with a phone reset code; revokes all the user’s tokens', body: resetByTelephoneInputSchema, response: replies(z.null()) },
    },
    async (request) => {
      const { telephone, verification_code, password } = request.body;
      await passwords.resetByCode('sms', telephone, verification_code, password, client(request));
      return ok(request.id, 'password', null);
    },
  );

  app.patch(
    '/user/user/reset_password_by_login',
    {
      config: { perms: [] },
      schema: { tags, summary: 'Change the password (current one required); revokes the user’s other tokens', body: changePasswordInputSchema, response: replies(z.null()) },
    },
    async (request) => {
      await passwords.changeByLogin(actorOf(request), request.body.old_password, request.body.password, client(request));
      return ok(request.id, 'password', null);
    },
  );

  app.get(
    '/user/user_verify/password_check',
    {
      config: { perms: [] },
      schema: { tags, summary: 'Whether this is the current password (wrong tries count as failed logins)', querystring: passwordCheckQuerySchema, response: replies(passwordCheckSchema) },
    },
    async (request) => ok(request.id, 'password', await passwords.check(actorOf(request), request.query.password, client(request))),
  );
};
