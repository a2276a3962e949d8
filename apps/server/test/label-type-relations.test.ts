import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { List } from '@starlight/contract/envelope';
import type { LabelType, LabelTypeRelation } from '@starlight/contract/labels';
import { adminPassword, api, body, demoPassword, login, startTestApp, stopTestApp, tokenHeader, type TestApp } from './helpers';

/** Spec §7 Labels: GET, POST and DELETE (body) /label/relation/type — which label types are for apps, which for images. */
let t: TestApp;
let admin: string;
let user: string; // demo-user: no keys
let field: number;
let os: number;

const call = (method: 'GET' | 'POST' | 'DELETE', token: string, payload?: object, query = '') =>
  t.app.inject({ method, url: api(`/label/relation/type${query}`), headers: tokenHeader(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await startTestApp();
  admin = await login(t.app, 'admin', adminPassword);
  user = await login(t.app, 'demo-user', demoPassword);
  const create = async (name: string) => body<LabelType>(await t.app.inject({ method: 'POST', url: api('/label/type'), headers: tokenHeader(admin), payload: { name } })).spec.id;
  field = await create('field');
  os = await create('os');
});
afterAll(() => stopTestApp(t));

describe('/label/relation/type', () => {
  it('relates types to apps and images (manage_label), once per pair', async () => {
    for (const [labelTypeId, target] of [[field, 'app'], [field, 'image'], [os, 'image']] as const) {
      const reply = await call('POST', admin, { label_type_id: labelTypeId, target });
      expect(reply.statusCode).toBe(200);
      expect(body<{ created: boolean }>(reply).spec).toEqual({ created: true });
    }
    expect(body<{ created: boolean }>(await call('POST', admin, { label_type_id: os, target: 'image' })).spec).toEqual({ created: false });
  });

  it('lists them to any signed-in user, paged and filtered by type and target', async () => {
    const all = body<List<LabelTypeRelation>>(await call('GET', user));
    expect(all.code).toBe(200);
    expect(all.spec.total).toBe(3);
    expect(all.spec.list.map((r) => `${r.label_type_name}:${r.target}`)).toEqual(['field:app', 'field:image', 'os:image']);
    const images = body<List<LabelTypeRelation>>(await call('GET', user, undefined, '?field_eq_target=image&page_size=1'));
    expect(images.spec.total).toBe(2);
    expect(images.spec.list).toHaveLength(1);
    const ofOs = body<List<LabelTypeRelation>>(await call('GET', user, undefined, `?field_eq_label_type_id=${os}`)).spec.list;
    expect(ofOs.map((r) => r.target)).toEqual(['image']);
  });

  it('takes a relation off with the pair in the body; an absent pair is 1404', async () => {
    const reply = await call('DELETE', admin, { label_type_id: field, target: 'image' });
    expect(reply.statusCode).toBe(200);
    expect(body(reply).code).toBe(200);
    const again = await call('DELETE', admin, { label_type_id: field, target: 'image' });
    expect(again.statusCode).toBe(404);
    expect(body(again).code).toBe(1404);
    expect(body<List<LabelTypeRelation>>(await call('GET', admin)).spec.total).toBe(2);
  });

  it('names the bad field: an unknown type, an unknown target, a missing field (1400)', async () => {
    const cases: [object, string][] = [
      [{ label_type_id: 999_999, target: 'app' }, 'body.label_type_id'],
      [{ label_type_id: field, target: 'job' }, 'target'],
      [{ target: 'app' }, 'label_type_id'],
    ];
    for (const [payload, named] of cases) {
      const reply = await call('POST', admin, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(reply).code).toBe(1400);
      expect(JSON.stringify(body(reply).spec)).toContain(named);
    }
    expect((await call('GET', admin, undefined, '?field_eq_target=job')).statusCode).toBe(400);
  });

  it('refuses writes without manage_label (1403)', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const reply = await call(method, user, { label_type_id: os, target: 'image' });
      expect(reply.statusCode).toBe(403);
      expect(body(reply).code).toBe(1403);
    }
  });

  it('goes with its type when the type is deleted', async () => {
    const removeLabelless = await t.app.inject({ method: 'DELETE', url: api(`/label/type/${os}`), headers: tokenHeader(admin) });
    expect(removeLabelless.statusCode).toBe(200);
    expect(body<List<LabelTypeRelation>>(await call('GET', admin)).spec.list.map((r) => r.label_type_name)).toEqual(['field']);
  });
});
