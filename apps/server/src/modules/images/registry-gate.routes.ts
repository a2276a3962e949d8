import type { FastifyPluginAsync } from 'fastify';
import type { RegistryGate } from './registry-gate';

/**
 * `/v2/*`: the Distribution API of the registry whose pull host is this request's host, forwarded by the gate.
 * Public to the console's permission layer: the registry checks the bearer token the console's token server
 * issued (a console session token means nothing here). Bodies are streamed, never parsed.
 */
export const registryGateRoutes: FastifyPluginAsync<{ gate: RegistryGate }> = async (app, { gate }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/v2/*',
    exposeHeadRoute: false,
    config: { public: true },
    schema: { hide: true },
    handler: async (request, reply) => {
      reply.hijack();
      await gate.handle(request.raw, reply.raw);
    },
  });
};
