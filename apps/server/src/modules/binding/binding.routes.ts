import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { bindingSchema, bindReplies, unbindInputSchema, userUuidSchema } from '@starlight/contract/hpc';
import { ok, replies } from '../../lib/envelope';
import { forbidden } from '../../lib/app-error';
import { actorOf } from '../../plugins/auth';
import type { BindingService } from './binding.service';

const tags = ['binding'];
/** A socket with nothing to say for this long is closed. */
const idleMs = 60_000;

/**
 * Cross-site websocket hijacking: browsers send Origin on every websocket, and a page of another
 * site must not reach this socket with the user's token. No Origin: not a browser, nothing to hijack.
 */
export function checkSameOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw forbidden();
  }
  if (host !== request.headers.host) throw forbidden();
}

/** Spec §4 binding handshake: GET /user/user_uuid, then the socket (our path) takes `name:uuid`; POST /user/unbind. */
export const bindingRoutes: FastifyPluginAsyncZod<{ binding: BindingService }> = async (app, { binding }) => {
  app.get(
    '/user/user_uuid',
    { config: { perms: [] }, schema: { tags, summary: 'A fresh single-use uuid for the binding handshake', response: replies(userUuidSchema) } },
    async (request) => ok(request.id, 'uuid', await binding.issueUuid(actorOf(request))),
  );

  app.post(
    '/user/unbind',
    { config: { perms: [] }, schema: { tags, summary: 'Unbind the system account of user_name (self, or query_all_user)', body: unbindInputSchema, response: replies(bindingSchema) } },
    async (request) => ok(request.id, 'binding', await binding.unbind(actorOf(request), request.body)),
  );

  // The token may come as `?token=` (browsers cannot set headers on a websocket); see plugins/auth.ts.
  app.get(
    '/user/bind_status',
    { websocket: true, config: { perms: [] }, preValidation: async (request) => checkSameOrigin(request) },
    (socket, request) => {
      const actor = actorOf(request);
      let busy = false;
      let idle = setTimeout(() => socket.close(1000, 'idle'), idleMs);
      socket.on('close', () => clearTimeout(idle));
      socket.on('message', (data: { toString(): string }, isBinary: boolean) => {
        clearTimeout(idle);
        idle = setTimeout(() => socket.close(1000, 'idle'), idleMs);
        // one handshake at a time per socket; the browser sends one message and waits
        if (busy || isBinary) return;
        busy = true;
        binding
          .bind(actor, data.toString())
          .then((reply) => {
            socket.send(reply);
            request.log.info({ actor: actor.userId, reply }, 'bind attempt answered');
          })
          .catch((error: unknown) => {
            request.log.error({ err: error }, 'binding failed');
            socket.send(`${bindReplies.uuidExists}: the server could not complete the binding, try again (${request.id})`);
          })
          .finally(() => {
            busy = false;
          });
      });
    },
  );
};
