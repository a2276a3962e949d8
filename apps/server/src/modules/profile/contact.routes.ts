import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactSchema,
  emailModifyCodeInputSchema,
  modifyEmailInputSchema,
  modifyTelephoneInputSchema,
  telephoneModifyCodeInputSchema,
} from '@starlight/contract/profile';
import { codeSentSchema } from '@starlight/contract/verification';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { ContactService } from './contact.service';
import { clientOf } from './profile.routes';

const tags = ['profile'];

/** Spec §7 modify codes (to the NEW address) and the e-mail / phone changes they unlock. */
export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (app, { contact }) => {
  app.post(
    '/user/user_verify/email_modify_code',
    { config: { perms: [] }, schema: { tags, summary: 'Send a code to the new e-mail (1409 when another account has it)', body: emailModifyCodeInputSchema, response: replies(codeSentSchema) } },
    async (request) => ok(request.id, 'verification_code', await contact.sendCode(actorOf(request), 'email', request.body.email, request.ip)),
  );
  app.post(
    '/user/user_verify/telephone_modify_code',
    { config: { perms: [] }, schema: { tags, summary: 'Send a code to the new phone (1409 when another account has it)', body: telephoneModifyCodeInputSchema, response: replies(codeSentSchema) } },
    async (request) => ok(request.id, 'verification_code', await contact.sendCode(actorOf(request), 'telephone', request.body.telephone, request.ip)),
  );
  app.patch(
    '/user/user/modify_user_email',
    { config: { perms: [] }, schema: { tags, summary: 'Change one’s e-mail with the code sent to it', body: modifyEmailInputSchema, response: replies(contactSchema) } },
    async (request) =>
      ok(request.id, 'user', await contact.change(actorOf(request), 'email', request.body.email, request.body.verification_code, clientOf(request))),
  );
  app.patch(
    '/user/user/modify_user_telephone',
    { config: { perms: [] }, schema: { tags, summary: 'Change one’s phone with the code sent to it', body: modifyTelephoneInputSchema, response: replies(contactSchema) } },
    async (request) =>
      ok(request.id, 'user', await contact.change(actorOf(request), 'telephone', request.body.telephone, request.body.verification_code, clientOf(request))),
  );
};
