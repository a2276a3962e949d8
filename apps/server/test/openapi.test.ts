import { createConfig, lintFromString } from '@redocly/openapi-core';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPassword } from './helpers';
import { startHttpApp, stopHttpApp, type HttpTestApp } from './sso-helpers';

/*
 * /api/openapi.json as the ecosystem's tools read it: Redocly's linter (recommended rules), and a client
 * generated with openapi-typescript + openapi-fetch calling the real server over HTTP.
 */
interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  'x-permissions'?: string[];
  parameters?: { name: string; in: string }[];
}
interface OpenApiDocument {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

let started: HttpTestApp;
let document: OpenApiDocument;
let text: string;
beforeAll(async () => {
  started = await startHttpApp();
  text = await (await fetch(`${started.issuer}/openapi.json`)).text();
  document = JSON.parse(text) as OpenApiDocument;
});
afterAll(() => stopHttpApp(started));

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })));

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules with no error", { timeout: 60_000 }, async () => {
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config: await createConfig({ extends: ['recommended'] }) });
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`);
    expect(errors).toEqual([]);
  });

  it('says who may call each operation, from the route: security [] when public, either token scheme and its keys otherwise', () => {
    const shape = (method: string, url: string) => `${method.toUpperCase()} ${url.replace(/[:{]\w+\}?/g, '{}').replace(/(.)\/$/, '$1')}`;
    const declared = new Map(started.app.routeAccessTable.map((route) => [shape(route.method, route.url), route]));
    const all = operations();
    expect(all.length).toBeGreaterThan(300);
    for (const { path, method, operation } of all) {
      const route = declared.get(shape(method, path));
      expect(route, `${method} ${path}`).toBeDefined();
      if (route?.public) expect(operation.security, `${method} ${path}`).toEqual([]);
      else {
        expect(operation.security, `${method} ${path}`).toEqual([{ bihuToken: [] }, { bearerToken: [] }]);
        expect(operation['x-permissions'], `${method} ${path}`).toEqual(route?.perms);
      }
    }
    expect(document.paths['/api/health']?.get?.security).toEqual([]);
    expect(document.paths['/api/perm/roles']?.get?.['x-permissions']).toEqual(['query_role']);
  });

  it('gives every operation a unique operationId, every path one template, and names its server', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/user/user/self']?.get?.operationId).toBe('getUserUserSelf');
    const shapes = Object.keys(document.paths).map((path) => path.replace(/\{[^}]+\}/g, '{}'));
    expect(new Set(shapes).size).toBe(shapes.length);
    // the spec's GET /user/groups/{name} and PATCH, DELETE /user/groups/{id}: one template, the calls unchanged
    const groups = document.paths['/api/user/groups/{name_or_id}'];
    expect(Object.keys(groups ?? {}).sort()).toEqual(['delete', 'get', 'patch']);
    expect(groups?.get?.parameters?.find((p) => p.in === 'path')?.name).toBe('name_or_id');
    expect(document.servers).toEqual([expect.objectContaining({ url: started.origin })]);
  });

  it('drives a generated client (openapi-typescript + openapi-fetch) against the server, the token given once', { timeout: 60_000 }, async () => {
    const types = astToString(await openapiTS(text));
    expect(types).toContain('"/api/user/groups/{name_or_id}"');
    expect(types).toContain('getUserUserSelf');

    const baseUrl = document.servers?.[0]?.url ?? '';
    const anonymous = createClient({ baseUrl });
    const signedIn = await anonymous.POST('/api/keystone/short_term_token/name' as never, { body: { name: 'admin', password: adminPassword } } as never);
    const token = (signedIn.data as unknown as { spec: { token: string } }).spec.token;
    // what a tool does with `bearerToken`: the header once, for every call
    const client = createClient({ baseUrl, headers: { Authorization: `Bearer ${token}` } });
    const self = await client.GET('/api/user/user/self' as never);
    expect(self.data).toMatchObject({ code: 200, spec: { user_name: 'admin' } });
    const keys = await client.GET('/api/perm/permission' as never);
    expect((keys.data as unknown as { spec: string[] }).spec).toContain('query_role');
    const group = await client.GET('/api/user/groups/{name_or_id}' as never, { params: { path: { name_or_id: 'demo-lab' } } } as never);
    expect(group.data).toMatchObject({ code: 200, spec: { name: 'demo-lab' } });
    expect((await anonymous.GET('/api/user/user/self' as never)).response.status).toBe(401);
  });
});
