import type { FastifyPluginAsync } from 'fastify';
import type { OidcProvider } from './provider';

/**
 * The OpenID provider's own endpoints, served by oidc-provider (Koa) on the raw request: discovery,
 * JWKS, authorization, the token endpoint at the spec's POST /keystone/oauth/token, userinfo,
 * revocation, introspection and logout. Fastify parses no body here: the provider reads the stream.
 */
export const providerRoutes: FastifyPluginAsync<{ oidc: OidcProvider }> = async (app, { oidc }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  // the provider's endpoints use GET and POST; OPTIONS for CORS preflights of token, userinfo, JWKS and discovery
  const methods = ['GET', 'POST', 'OPTIONS'] as const;
  // The protocol endpoints are described by discovery, not OpenAPI; the spec's token call is listed in both.
  const forward = (url: string, routeMethods: readonly (typeof methods)[number][], hide = true) =>
    app.route({
      method: [...routeMethods],
      url,
      config: { public: true },
      schema: hide
        ? { hide: true }
        : { summary: 'OAuth 2.0 token endpoint (form-encoded, RFC 6749): authorization code + PKCE, refresh', tags: ['sso'] },
      handler: async (request, reply) => {
        reply.hijack();
        await oidc.handle(request.raw, reply.raw);
      },
    });
  forward('/.well-known/openid-configuration', ['GET', 'OPTIONS']);
  forward('/oidc/*', methods);
  forward('/keystone/oauth/token', ['POST'], false);
  forward('/keystone/oauth/token', ['OPTIONS']);
};
