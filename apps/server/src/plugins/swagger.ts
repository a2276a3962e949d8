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
        components: { securitySchemes: { bihuToken: { type: 'apiKey', in: 'header', name: 'Bihu-Token' } } },
      },
      transform: jsonSchemaTransform,
    });
    app.get(`${basePath}/openapi.json`, { config: { public: true } }, async () => app.swagger());
  },
  { name: 'starlight-swagger', dependencies: ['starlight-permissions'] },
);
