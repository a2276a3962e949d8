import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preValidationAsyncHookHandler } from 'fastify';
import {
  checkCodeInputSchema,
  codeSentSchema,
  registerCodeInputSchema,
  registeredSchema,
  registerInputSchema,
} from '@starlight/contract/verification';
import { ok, replies } from '../../lib/envelope';
import type { CodesService } from '../verification/codes.service';
import type { RegistrationService } from './registration.service';

export interface RegistrationRoutesOptions {
  registration: RegistrationService;
  codes: CodesService;
  /** SEC30 (lib/sec30): decrypts the password fields before the body is validated. */
  decryptPasswords?: preValidationAsyncHookHandler;
}

/** Spec §7 get_verification_code and verification_email; POST /user/register is ours (POST /user/user is the admin create). */
export const registrationRoutes: FastifyPluginAsyncZod<RegistrationRoutesOptions> = async (app, { registration, codes, decryptPasswords }) => {
  if (decryptPasswords) app.addHook('preValidation', decryptPasswords);
  app.post(
    '/user/user_verify/get_verification_code',
    {
      config: { public: true },
      schema: {
        tags: ['identity'],
        summary: 'Send a register code to an e-mail or a phone (needs a solved captcha; 1409 when the address is registered)',
        body: registerCodeInputSchema,
        response: replies(codeSentSchema),
      },
    },
    async (request) => ok(request.id, 'verification_code', await registration.sendCode(request.body, request.ip)),
  );

  app.post(
    '/user/user_verify/verification_email',
    {
      config: { public: true },
      schema: {
        tags: ['identity'],
        summary: 'Check a register or reset code without using it up (a wrong try counts toward the 5)',
        body: checkCodeInputSchema,
        response: replies(z.object({ valid: z.literal(true) })),
      },
    },
    async (request) => {
      const { email, telephone, purpose, verification_code } = request.body;
      const address = email ? email.toLowerCase() : (telephone ?? '');
      await codes.check({ purpose, channel: email ? 'email' : 'sms', address }, verification_code);
      return ok(request.id, 'verification_code', { valid: true as const });
    },
  );

  app.post(
    '/user/register',
    {
      config: { public: true },
      schema: {
        tags: ['identity'],
        summary: 'Self-registration: the register form with its code; the new user has status 0 and no roles',
        body: registerInputSchema,
        response: replies(registeredSchema),
      },
    },
    async (request) => ok(request.id, 'user', await registration.register(request.body, { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') })),
  );
};
