import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { documentForTools, tokenSchemes } from './openapi-document';

export interface SwaggerPluginOptions {
  basePath: string;
  version: string;
  /** The console's public origin: the document's `servers` entry (its paths carry the base path). */
  publicUrl: string;
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * OpenAPI 3, generated from the routes' zod schemas, at `${basePath}/openapi.json`. Each operation says who may
 * call it from the route's own declaration (permissions plugin): `security: []` when public, else either token
 * scheme, with the keys it demands as `x-permissions`; the whole document is then made what tools expect
 * (openapi-document.ts: operationIds, one template per path, servers).
 */
export const swaggerPlugin = fp<SwaggerPluginOptions>(
  async (app, { basePath, version, publicUrl }) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Starlight API', description: 'Every JSON reply is the envelope { code, kind, spec, info, uuid }.', version },
        servers: [{ url: publicUrl, description: 'this console' }],
        // the same session token either way: the spec's header, or RFC 6750's for curl and generated clients
        components: { securitySchemes: tokenSchemes },
      },
      transform: (input: TransformInput) => {
        const out = jsonSchemaTransform(input);
        const config = input.route.config as { public?: boolean; perms?: readonly string[] } | undefined;
        const access = config?.public ? { security: [] } : { security: Object.keys(tokenSchemes).map((name) => ({ [name]: [] })), 'x-permissions': config?.perms ?? [] };
        return { ...out, schema: { ...(out.schema ?? {}), ...access } };
      },
      transformObject: (documentObject) => documentForTools((documentObject as unknown as { openapiObject: Parameters<typeof documentForTools>[0] }).openapiObject) as never,
    });
    app.get(`${basePath}/openapi.json`, { config: { public: true }, schema: { tags: ['system'], summary: 'This document (OpenAPI 3)' } }, async () => app.swagger());
  },
  { name: 'starlight-swagger', dependencies: ['starlight-permissions'] },
);
