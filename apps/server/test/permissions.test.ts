import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionKeys } from '@starlight/contract/permissions';
import { RouteDeclarationError } from '../src/plugins/permissions';
import { buildApp } from '../src/app';
import { adminPassword, api, body, demoPassword, login, startTestApp, stopTestApp, testConfig, tokenHeader, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    beforeReady: (app) =>
      app.get('/api/test/users-only', { config: { perms: ['query_all_user', 'query_role'] } }, async () => ({ reached: true })),
  });
});
afterAll(() => stopTestApp(t));

const permissionsOf = async (name: string, password = demoPassword): Promise<string[]> => {
  const token = await login(t.app, name, password);
  const envelope = body<string[]>(await t.app.inject({ url: api('/perm/permission'), headers: tokenHeader(token) }));
  expect(envelope).toMatchObject({ code: 200, kind: 'permission' });
  return envelope.spec;
};

describe('GET /perm/permission (spec §6)', () => {
  it('gives the platform administrator every key except binded_account', async () => {
    expect(await permissionsOf('admin', adminPassword)).toEqual(permissionKeys.filter((key) => key !== 'binded_account'));
  });

  it('gives binded_account to a user whose status has bit 1', async () => {
    expect(await permissionsOf('demo-bound')).toEqual(['binded_account']);
  });

  it('gives a user without roles an empty list', async () => {
    expect(await permissionsOf('demo-user')).toEqual([]);
  });

  it("gives a group administrator the group-admin role's keys", async () => {
    expect(await permissionsOf('demo-gadmin')).toEqual([
      'binded_account',
      'query_by_group_name',
      'user_order_create_gadmin',
      'query_kcluster_quotas_gadmin',
      'query_partitions_user_quotas_ga',
    ]);
  });

  it("gives a user the keys of their roles", async () => {
    expect(await permissionsOf('demo-auditor')).toEqual(['query_all_user', 'query_all_audit']);
  });
});

describe('route permissions', () => {
  it('answers 1403 when the caller holds none of the keys the route lists', async () => {
    const token = await login(t.app, 'demo-user', demoPassword);
    const reply = await t.app.inject({ url: '/api/test/users-only', headers: tokenHeader(token) });
    expect(reply.statusCode).toBe(403);
    expect(body(reply)).toMatchObject({ code: 1403, info: 'permission denied' });
  });

  it('lets in a caller holding any one of the listed keys', async () => {
    const token = await login(t.app, 'demo-auditor', demoPassword);
    const reply = await t.app.inject({ url: '/api/test/users-only', headers: tokenHeader(token) });
    expect(reply.json()).toEqual({ reached: true });
  });

  it('fails app construction when a route declares neither perms nor public', async () => {
    const app = await buildApp(testConfig({ STARLIGHT_LOG_LEVEL: 'silent' }), { db: t.database, announce: () => undefined });
    expect(() => app.get('/api/test/forgotten', async () => 'oops')).toThrow(
      new RouteDeclarationError('GET /api/test/forgotten must declare exactly one of config.public or config.perms'),
    );
    await app.close();
  });

  it('makes public only login, registration, password resets, captcha, code delivery, health, client errors, shared file links, avatar images, OpenAPI, metrics, the OpenID provider endpoints, the registry token endpoint, the public image hub and the registry gate (the registry checks its own tokens), public workflows, public document pages and their images, and shared dataset links', () => {
    expect(t.app.routeAccessTable.filter((route) => route.public).map((route) => `${route.method} ${route.url}`).sort()).toEqual([
      'DELETE /v2/*',
      'GET /api/.well-known/openid-configuration',
      'GET /api/app/public/:name',
      'GET /api/datafile/content',
      'GET /api/datafile/info',
      'GET /api/dchub/repository',
      'GET /api/dchub/repository/layer',
      'GET /api/dchub/repository/tag',
      'GET /api/doc/image/:key',
      'GET /api/doc/page/:slug',
      'GET /api/health',
      'GET /api/image/token',
      'GET /api/image/token/certificate',
      'GET /api/keystone/external/:kind',
      'GET /api/keystone/oauth/config',
      'GET /api/oidc/*',
      'GET /api/openapi.json',
      'GET /api/udm/shared/:token',
      'GET /api/user/avatar/:file',
      'GET /api/user/user_verify/delivery',
      'GET /metrics',
      'GET /v2/*',
      'HEAD /api/.well-known/openid-configuration',
      'HEAD /api/app/public/:name',
      'HEAD /api/datafile/content',
      'HEAD /api/datafile/info',
      'HEAD /api/dchub/repository',
      'HEAD /api/dchub/repository/layer',
      'HEAD /api/dchub/repository/tag',
      'HEAD /api/doc/image/:key',
      'HEAD /api/doc/page/:slug',
      'HEAD /api/health',
      'HEAD /api/image/token',
      'HEAD /api/image/token/certificate',
      'HEAD /api/keystone/external/:kind',
      'HEAD /api/keystone/oauth/config',
      'HEAD /api/oidc/*',
      'HEAD /api/openapi.json',
      'HEAD /api/udm/shared/:token',
      'HEAD /api/user/avatar/:file',
      'HEAD /api/user/user_verify/delivery',
      'HEAD /metrics',
      'HEAD /v2/*',
      'OPTIONS /api/.well-known/openid-configuration',
      'OPTIONS /api/keystone/oauth/token',
      'OPTIONS /api/oidc/*',
      'PATCH /api/user/user/reset_password_by_email',
      'PATCH /api/user/user/reset_password_by_telephone',
      'PATCH /v2/*',
      'POST /api/keystone/captcha',
      'POST /api/keystone/external/:kind/callback',
      'POST /api/keystone/external/:kind/start',
      'POST /api/keystone/long_term_token/name',
      'POST /api/keystone/oauth/token',
      'POST /api/keystone/short_term_token/name',
      'POST /api/log/client_error',
      'POST /api/oidc/*',
      'POST /api/user/register',
      'POST /api/user/user_verify/email_reset_code',
      'POST /api/user/user_verify/get_verification_code',
      'POST /api/user/user_verify/telephone_reset_code',
      'POST /api/user/user_verify/verification_email',
      'POST /v2/*',
      'PUT /v2/*',
    ]);
  });
});
