import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PermissionKey } from '@starlight/contract/permissions';
import { actorOf } from '../../plugins/auth';
import { bridgeUpgrade, forwardHttp, sendHttpResponse } from './session-proxy';
import type { SessionsService } from './sessions.service';

const perms: PermissionKey[] = ['binded_account'];
const proxyParams = z.object({ id: z.string().uuid(), '*': z.string() });

/** Open websocket bridges per session (closed when the session is ended) and throttled activity marks. */
export function createProxyConnections(touch: (ids: string[]) => Promise<void>, log: (error: unknown, context: string) => void, markEveryMs = 30_000) {
  const open = new Map<string, Set<Duplex>>();
  const marked = new Map<string, number>();
  return {
    add(id: string, socket: Duplex) {
      const set = open.get(id) ?? new Set<Duplex>();
      set.add(socket);
      open.set(id, set);
      socket.on('close', () => set.delete(socket));
    },
    closeAll(id: string) {
      for (const socket of open.get(id) ?? []) socket.destroy();
      open.delete(id);
    },
    /** Traffic through the proxy is the session's activity; written at most every `markEveryMs` per session. */
    active(id: string) {
      const now = Date.now();
      if (now - (marked.get(id) ?? 0) < markEveryMs) return;
      marked.set(id, now);
      touch([id]).catch((error: unknown) => log(error, `marking session ${id} active`));
    },
  };
}
export type ProxyConnections = ReturnType<typeof createProxyConnections>;

/** @fastify/websocket keeps the upgrading socket and its first bytes under these symbols of the raw request. */
function upgradeHead(raw: IncomingMessage): Buffer {
  const symbol = Object.getOwnPropertySymbols(raw).find((s) => s.description === 'ws-head');
  const head = symbol ? (raw as unknown as Record<symbol, unknown>)[symbol] : undefined;
  return Buffer.isBuffer(head) ? head : Buffer.alloc(0);
}

/**
 * `/session/<id>/proxy/*`, every method and websocket upgrades, after the auth and permission hooks (our token
 * from the header or the proxy cookie) and the owner check in `sessions.target`. Bodies are not parsed: the
 * request stream goes to the app as it arrives.
 */
export const sessionProxyRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService; connections: ProxyConnections }> = async (app, { sessions, connections }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/session/:id/proxy/*',
    config: { perms },
    schema: { tags: ['interactive'], summary: "The session's app, proxied for its owner (HTTP and websockets)", params: proxyParams, hide: true },
    // websockets are taken over here, before @fastify/websocket's handler would answer the handshake itself
    preHandler: async (request, reply) => {
      if (request.headers.upgrade?.toLowerCase() !== 'websocket') return;
      const target = await sessions.target(actorOf(request), request.params.id);
      const client = request.raw.socket;
      reply.hijack();
      const id = request.params.id;
      connections.add(id, client);
      bridgeUpgrade(request.raw, client, upgradeHead(request.raw), target, () => connections.active(id));
    },
    handler: async (request, reply) => {
      const target = await sessions.target(actorOf(request), request.params.id);
      const upstream = await forwardHttp(request.raw, target);
      connections.active(request.params.id);
      reply.hijack();
      // the security headers set on the raw response so far (nosniff, frame refusal) go out with the app's
      await sendHttpResponse(upstream, reply.raw);
    },
  });
};
