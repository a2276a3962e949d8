import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export interface SwaggerPluginOptions {
  basePath: string;
  version: string;
}

/** OpenAPI 3, generated from the routes' zod schemas, at `${basePath}/openapi.json`. */
export const swaggerPlugin = fp<SwaggerPluginOptions>(
  async (app, { basePath, version }) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Starlight API', description: 'Every JSON reply is the envelope { code, kind, spec, info, uuid }.', version },
        // the same session token either way: the spec's header, or RFC 6750's for curl and generated clients
        components: {
          securitySchemes: {
            bihuToken: { type: 'apiKey', in: 'header', name: 'Bihu-Token' },
            bearerToken: { type: 'http', scheme: 'bearer', description: 'The session token of POST /keystone/short_term_token/name (or long_term_token)' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    app.get(`${basePath}/openapi.json`, { config: { public: true } }, async () => app.swagger());
  },
  { name: 'starlight-swagger', dependencies: ['starlight-permissions'] },
);
