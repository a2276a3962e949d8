import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPassword, api, body, demoPassword, login, startTestApp, stopTestApp, tokenHeader, type TestApp } from './helpers';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    beforeReady: (app) =>
      app.get('/api/test/explode', { config: { public: true } }, async () => {
        throw new Error('secret internal detail');
      }),
  });
});
afterAll(() => stopTestApp(t));

const login400 = (payload: string, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url: api('/keystone/short_term_token/name'), payload, headers: { 'content-type': contentType } });

describe('the envelope', () => {
  it('answers success, refusal and not-found alike with { code, kind, spec, info, uuid } and a fresh uuid', async () => {
    const replies = await Promise.all([
      t.app.inject({ url: api('/health') }),
      t.app.inject({ url: api('/user/user/self') }),
      t.app.inject({ url: api('/no/such/call') }),
    ]);
    const envelopes = replies.map((reply) => body(reply));
    for (const [i, envelope] of envelopes.entries()) {
      expect(Object.keys(envelope).sort()).toEqual(['code', 'info', 'kind', 'spec', 'uuid']);
      expect(envelope.uuid).toMatch(uuidPattern);
      expect(replies[i]?.headers['x-request-id']).toBe(envelope.uuid);
    }
    expect(envelopes.map((e) => e.code)).toEqual([200, 1300, 1404]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 401, 404]);
    expect(new Set(envelopes.map((e) => e.uuid)).size).toBe(3);
  });

  it('logs one line per request with the same uuid, the actor, the route, the status and the time', async () => {
    const token = await login(t.app, 'admin', adminPassword);
    const reply = await t.app.inject({ url: api('/user/user/self'), headers: tokenHeader(token) });
    const { uuid } = body(reply);
    const lines = t.logs().filter((line) => line.uuid === uuid);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ actor: 'admin', route: '/api/user/user/self', method: 'GET', status: 200, msg: 'request' });
    expect(typeof lines[0]?.ms).toBe('number');
  });

  it('answers an unknown /api path with a 1404 envelope', async () => {
    const reply = await t.app.inject({ method: 'DELETE', url: api('/nope') });
    expect(reply.statusCode).toBe(404);
    expect(body(reply)).toMatchObject({ code: 1404, kind: 'error', spec: null, info: 'not found: DELETE /api/nope' });
  });

  it('answers an unexpected failure with 1500, no detail to the client, and the stack in the log under the uuid', async () => {
    const reply = await t.app.inject({ url: '/api/test/explode' });
    const envelope = body(reply);
    expect(reply.statusCode).toBe(500);
    expect(envelope).toMatchObject({ code: 1500, info: 'internal error', spec: null });
    expect(reply.body).not.toContain('secret internal detail');
    const logged = t.logs().find((line) => line.uuid === envelope.uuid && line.msg === 'unhandled error');
    expect((logged?.err as { message?: string } | undefined)?.message).toBe('secret internal detail');
  });
});

describe('bad input is 1400 naming the field, never 500', () => {
  it('rejects malformed JSON (body)', async () => {
    const reply = await login400('{"name": "admin", ');
    expect(reply.statusCode).toBe(400);
    expect(body(reply)).toMatchObject({ code: 1400, spec: { fields: [{ path: 'body', message: 'malformed JSON' }] } });
  });

  it('rejects a wrong type (body.password)', async () => {
    const reply = await login400(JSON.stringify({ name: 'admin', password: 12345678 }));
    expect(body(reply)).toMatchObject({ code: 1400, info: 'invalid input: body.password' });
    expect(body<{ fields: unknown[] }>(reply).spec.fields).toEqual([
      { path: 'body.password', message: expect.stringContaining('expected string') },
    ]);
  });

  it('rejects an unknown field (body.is_admin)', async () => {
    const reply = await login400(JSON.stringify({ name: 'admin', password: adminPassword, is_admin: true }));
    expect(body(reply)).toMatchObject({ code: 1400, spec: { fields: [{ path: 'body.is_admin', message: 'unknown field' }] } });
  });

  it('rejects a body over the limit (body)', async () => {
    const reply = await login400(JSON.stringify({ name: 'admin', password: 'x'.repeat(1024 * 1024) }));
    expect(reply.statusCode).toBe(400);
    expect(body(reply)).toMatchObject({ code: 1400, spec: { fields: [{ path: 'body', message: 'body larger than 1048576 bytes' }] } });
  });

  it('rejects an out-of-range query value (query.page_size)', async () => {
    const token = await login(t.app, 'demo-user', demoPassword);
    const reply = await t.app.inject({ url: api('/message/message?page_size=1000'), headers: tokenHeader(token) });
    expect(body(reply)).toMatchObject({ code: 1400, spec: { fields: [{ path: 'query.page_size' }] } });
  });

  it('rejects a malformed percent-encoding in the path', async () => {
    const reply = await t.app.inject({ url: '/api/message/message/%E0%A4%A' });
    expect(reply.statusCode).toBe(400);
    expect(body(reply)).toMatchObject({ code: 1400, kind: 'error', uuid: expect.stringMatching(uuidPattern) });
  });

  it('rejects a body that is not JSON (headers.content-type)', async () => {
    const reply = await login400('name=admin', 'application/x-www-form-urlencoded');
    expect(body(reply)).toMatchObject({ code: 1400, spec: { fields: [{ path: 'headers.content-type' }] } });
  });
});
