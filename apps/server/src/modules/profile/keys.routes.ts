import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addSshKeyInputSchema, deleteSshKeyQuerySchema, hasKeySchema, sshKeyListSchema, sshKeySchema } from '@starlight/contract/profile';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { KeysService } from './keys.service';
import { clientOf } from './profile.routes';

const tags = ['profile'];

/** Spec §7 GET, POST, DELETE /user/key and GET /user/has_key: the caller's own keys only. */
export const keysRoutes: FastifyPluginAsyncZod<{ keys: KeysService }> = async (app, { keys }) => {
  app.get('/user/key', { config: { perms: [] }, schema: { tags, summary: 'One’s SSH public keys', response: replies(sshKeyListSchema) } }, async (request) =>
    ok(request.id, 'key', await keys.list(actorOf(request))),
  );
  app.post(
    '/user/key',
    { config: { perms: [] }, schema: { tags, summary: 'Add an OpenSSH public key (private keys, garbage and duplicates refused)', body: addSshKeyInputSchema, response: replies(sshKeySchema) } },
    async (request) => ok(request.id, 'key', await keys.add(actorOf(request), request.body.public_key, clientOf(request))),
  );
  app.delete(
    '/user/key',
    { config: { perms: [] }, schema: { tags, summary: 'Remove one of one’s keys (?id=)', querystring: deleteSshKeyQuerySchema, response: replies(z.null()) } },
    async (request) => {
      await keys.remove(actorOf(request), request.query.id, clientOf(request));
      return ok(request.id, 'key', null);
    },
  );
  app.get('/user/has_key', { config: { perms: [] }, schema: { tags, summary: 'Whether one has an SSH key', response: replies(hasKeySchema) } }, async (request) =>
    ok(request.id, 'key', await keys.has(actorOf(request))),
  );
};
