import fp from 'fastify-plugin';

/**
 * One JSON line per request (uuid, actor, route, status, ms). The uuid comes from the request
 * logger itself (`requestIdLogLabel: 'uuid'`), so error lines of the same request carry it too.
 */
export const requestLogPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
    app.addHook('onResponse', async (request, reply) => {
      request.log.info(
        {
          actor: request.actor?.userName ?? null,
          method: request.method,
          route: request.routeOptions.url ?? null,
          url: withoutToken(request.url),
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
        },
        'request',
      );
    });
  },
  { name: 'starlight-request-log' },
);

/**
 * A websocket may carry the session token as `?token=` (plugins/auth.ts), and GET
 * /user/user_verify/password_check the password as `?password=`: neither reaches a log line.
 */
export function withoutToken(url: string): string {
  return url.replace(/([?&](?:token|password)=)[^&#]*/g, '$1[redacted]');
}
