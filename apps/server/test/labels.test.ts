import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { List } from '@starlight/contract/envelope';
import type { Label, LabelType } from '@starlight/contract/labels';
import { adminPassword, api, body, demoPassword, login, startTestApp, stopTestApp, tokenHeader, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let user: string;
let bound: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await login(t.app, 'admin', adminPassword);
  user = await login(t.app, 'demo-user', demoPassword);
  bound = await login(t.app, 'demo-bound', demoPassword);
});
afterAll(() => stopTestApp(t));

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = async <T = unknown>(method: Method, path: string, token: string, payload?: Record<string, unknown>) =>
  body<T>(await t.app.inject({ method, url: api(path), headers: tokenHeader(token), ...(payload ? { payload } : {}) }));
const fieldsOf = (envelope: { spec: unknown }): string[] => ((envelope.spec as { fields?: { path: string }[] }).fields ?? []).map((f) => f.path);

const newType = async (name: string, description = ''): Promise<LabelType> => {
  const reply = await call<LabelType>('POST', '/label/type', admin, { name, description });
  expect(reply.code).toBe(200);
  return reply.spec;
};
const newLabel = async (payload: Record<string, unknown>): Promise<Label> => {
  const reply = await call<Label>('POST', '/label/label', admin, payload);
  expect(reply).toMatchObject({ code: 200, kind: 'label' });
  return reply.spec;
};

describe('label types (spec §7 Labels)', () => {
  it('creates, lists with field_eq_/field_lk_ filters and pages, patches and deletes by id', async () => {
    const gpu = await newType('gpu', 'GPU apps');
    await newType('gpu-large');
    await newType('bio');
    expect(gpu).toMatchObject({ name: 'gpu', description: 'GPU apps', label_count: 0 });

    const like = await call<List<LabelType>>('GET', '/label/type?field_lk_name=gpu&page_size=1', user);
    expect(like.code).toBe(200);
    expect(like.spec.total).toBe(2);
    expect(like.spec.list.map((x) => x.name)).toEqual(['gpu']);
    const page2 = await call<List<LabelType>>('GET', '/label/type?field_lk_name=gpu&page_size=1&page=2', user);
    expect(page2.spec.list.map((x) => x.name)).toEqual(['gpu-large']);
    const exact = await call<List<LabelType>>('GET', '/label/type?field_eq_name=gpu', user);
    expect(exact.spec.list.map((x) => x.id)).toEqual([gpu.id]);

    const patched = await call<LabelType>('PATCH', `/label/type/${gpu.id}`, admin, { description: 'accelerators' });
    expect(patched.spec).toMatchObject({ name: 'gpu', description: 'accelerators' });
    expect(Date.parse(patched.spec.updated_at)).toBeGreaterThanOrEqual(Date.parse(gpu.updated_at));
    expect((await call('DELETE', `/label/type/${gpu.id}`, admin)).code).toBe(200);
    expect((await call('DELETE', `/label/type/${gpu.id}`, admin)).code).toBe(1404);
    expect((await call<List<LabelType>>('GET', '/label/type?field_eq_name=gpu', user)).spec.total).toBe(0);
  });

  it('takes % and _ in field_lk_name literally', async () => {
    await newType('a_b');
    await newType('axb');
    const hits = await call<List<LabelType>>('GET', '/label/type?field_lk_name=a_b', user);
    expect(hits.spec.list.map((x) => x.name)).toEqual(['a_b']);
  });

  it('refuses bad names and unknown fields with 1400 naming the field, and changes nothing', async () => {
    for (const name of ['', '1abc', 'has space', 'x'.repeat(33), 'semi;colon']) {
      const reply = await call('POST', '/label/type', admin, { name });
      expect(reply.code, name).toBe(1400);
      expect(fieldsOf(reply)).toContain('body.name');
    }
    expect(fieldsOf(await call('POST', '/label/type', admin, { name: 'okname', colour: 'red' }))).toEqual(['body.colour']);
    expect((await call('PATCH', '/label/type/1', admin, {})).code).toBe(1400);
    expect(fieldsOf(await call('GET', '/label/type?page_size=101', user))).toContain('query.page_size');
    expect(fieldsOf(await call('PATCH', '/label/type/abc', admin, { description: 'x' }))).toContain('params.id');
    expect((await call<List<LabelType>>('GET', '/label/type?field_lk_name=okname', user)).spec.total).toBe(0);
  });

  it('answers 1409 for a taken name, on create and on rename', async () => {
    await newType('dup');
    const other = await newType('dup2');
    const again = await call('POST', '/label/type', admin, { name: 'dup' });
    expect(again.code).toBe(1409);
    expect(fieldsOf(again)).toEqual(['body.name']);
    expect((await call('PATCH', `/label/type/${other.id}`, admin, { name: 'dup' })).code).toBe(1409);
  });

  it('does not delete a type that still has labels (1409), then does once they are gone', async () => {
    const type = await newType('keep');
    const label = await newLabel({ name: 'one', label_type_id: type.id });
    const refused = await call('DELETE', `/label/type/${type.id}`, admin);
    expect(refused.code).toBe(1409);
    expect(refused.info).toContain('1 label');
    expect((await call('DELETE', `/label/label/${label.id}`, admin)).code).toBe(200);
    expect((await call('DELETE', `/label/type/${type.id}`, admin)).code).toBe(200);
  });
});

describe('labels (spec §7 Labels)', () => {
  it('creates labels by type id or name, filters by type, name and description, pages', async () => {
    const apps = await newType('domain');
    const bio = await newLabel({ name: 'Biology', description: 'life sciences', label_type_id: apps.id });
    await newLabel({ name: '化学', description: 'chemistry', label_type_name: 'domain' });
    await newLabel({ name: 'Physics', label_type_name: 'domain' });
    expect(bio).toMatchObject({ label_type_id: apps.id, label_type_name: 'domain', description: 'life sciences' });

    const byType = await call<List<Label>>('GET', `/label/label?field_eq_label_type_id=${apps.id}&page_size=2`, bound);
    expect(byType.spec.total).toBe(3);
    expect(byType.spec.list).toHaveLength(2);
    const byTypeName = await call<List<Label>>('GET', '/label/label?field_eq_label_type_name=domain&field_lk_name=PHYS', bound);
    expect(byTypeName.spec.list.map((l) => l.name)).toEqual(['Physics']);
    const byDescription = await call<List<Label>>('GET', '/label/label?field_lk_description=chem', bound);
    expect(byDescription.spec.list.map((l) => l.name)).toEqual(['化学']);
    const byId = await call<List<Label>>('GET', `/label/label?field_eq_id=${bio.id}`, bound);
    expect(byId.spec.list.map((l) => l.name)).toEqual(['Biology']);
  });

  it('keeps names unique within a type only', async () => {
    const a = await newType('scope-a');
    const b = await newType('scope-b');
    await newLabel({ name: 'same', label_type_id: a.id });
    await newLabel({ name: 'same', label_type_id: b.id });
    const taken = await call('POST', '/label/label', admin, { name: 'same', label_type_id: a.id });
    expect(taken.code).toBe(1409);
    expect(fieldsOf(taken)).toEqual(['body.name']);
    const other = await newLabel({ name: 'other', label_type_id: b.id });
    expect((await call('PATCH', `/label/label/${other.id}`, admin, { name: 'same' })).code).toBe(1409);
    // moving it to type a (where 'other' is free) works and reports the new type
    const moved = await call<Label>('PATCH', `/label/label/${other.id}`, admin, { label_type_id: a.id, description: 'moved' });
    expect(moved.spec).toMatchObject({ label_type_id: a.id, label_type_name: 'scope-a', description: 'moved', name: 'other' });
  });

  it('refuses bad input with the field named and changes nothing', async () => {
    const type = await newType('checks');
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', label_type_id: type.id }, 'body.name'],
      [{ name: ' padded', label_type_id: type.id }, 'body.name'],
      [{ name: 'x'.repeat(65), label_type_id: type.id }, 'body.name'],
      [{ name: 'tab\there', label_type_id: type.id }, 'body.name'],
      [{ name: 'ok', description: 'd'.repeat(2001), label_type_id: type.id }, 'body.description'],
      [{ name: 'ok' }, 'body.label_type_id'],
      [{ name: 'ok', label_type_id: type.id, label_type_name: 'checks' }, 'body.label_type_id'],
      [{ name: 'ok', label_type_id: 999999 }, 'body.label_type_id'],
      [{ name: 'ok', label_type_name: 'nosuchtype' }, 'body.label_type_name'],
    ];
    for (const [payload, field] of cases) {
      const reply = await call('POST', '/label/label', admin, payload);
      expect(reply.code, JSON.stringify(payload)).toBe(1400);
      expect(fieldsOf(reply), JSON.stringify(payload)).toContain(field);
    }
    expect((await call<List<Label>>('GET', `/label/label?field_eq_label_type_id=${type.id}`, admin)).spec.total).toBe(0);
    expect((await call('PATCH', '/label/label/999999', admin, { name: 'x' })).code).toBe(1404);
    expect((await call('DELETE', '/label/label/999999', admin)).code).toBe(1404);
    const label = await newLabel({ name: 'fine', label_type_id: type.id });
    const badMove = await call('PATCH', `/label/label/${label.id}`, admin, { label_type_id: 999999 });
    expect(fieldsOf(badMove)).toEqual(['body.label_type_id']);
  });
});

describe('label permissions', () => {
  it('lets any signed-in user read, needs manage_label to write, and a token to do anything', async () => {
    const type = await newType('perm-check');
    const label = await newLabel({ name: 'v', label_type_id: type.id });
    for (const token of [user, bound]) {
      expect((await call('GET', '/label/type', token)).code).toBe(200);
      expect((await call('GET', '/label/label', token)).code).toBe(200);
      expect((await call('POST', '/label/type', token, { name: 'sneaky' })).code).toBe(1403);
      expect((await call('PATCH', `/label/type/${type.id}`, token, { name: 'sneaky' })).code).toBe(1403);
      expect((await call('DELETE', `/label/type/${type.id}`, token)).code).toBe(1403);
      expect((await call('POST', '/label/label', token, { name: 'x', label_type_id: type.id })).code).toBe(1403);
      expect((await call('PATCH', `/label/label/${label.id}`, token, { description: 'hacked' })).code).toBe(1403);
      expect((await call('DELETE', `/label/label/${label.id}`, token)).code).toBe(1403);
    }
    const anonymous = body(await t.app.inject({ url: api('/label/label') }));
    expect(anonymous.code).toBe(1300);
    const still = await call<List<Label>>('GET', `/label/label?field_eq_id=${label.id}`, user);
    expect(still.spec.list[0]?.description).toBe('');
    expect((await call<List<LabelType>>('GET', '/label/type?field_eq_name=sneaky', user)).spec.total).toBe(0);
  });
});

describe('link settings (spec §3, §7 "Link settings")', () => {
  it('the demo seeds example transfer-client links, clearly marked, found by field_eq_label_type_name=link and field_eq_name', async () => {
    const version = await call<List<Label>>('GET', '/label/label?field_eq_label_type_name=link&field_eq_name=transclient-version', bound);
    expect(version.spec.total).toBe(1);
    expect(version.spec.list[0]?.description).toBe('0.0.0-example');
    for (const platform of ['Win', 'Linux', 'Darwin']) {
      const link = await call<List<Label>>('GET', `/label/label?field_eq_label_type_name=link&field_eq_name=transclient-0.0.0-example-${platform}`, bound);
      expect(link.spec.list[0]?.description).toMatch(/^https:\/\/example\.com\/.*example.*\//);
    }
    // field_eq_name is exact: a prefix finds nothing
    expect((await call<List<Label>>('GET', '/label/label?field_eq_label_type_name=link&field_eq_name=transclient', bound)).spec.total).toBe(0);
  });

  it("an admin edits a link; a label of another type with the same name is not a link setting", async () => {
    const decoy = await newType('notlink');
    await newLabel({ name: 'transclient-9.9.9-Win', description: 'wrong', label_type_id: decoy.id });
    const [version] = (await call<List<Label>>('GET', '/label/label?field_eq_label_type_name=link&field_eq_name=transclient-version', admin)).spec.list;
    expect((await call('PATCH', `/label/label/${version!.id}`, admin, { description: '9.9.9' })).code).toBe(200);
    const missing = await call<List<Label>>('GET', '/label/label?field_eq_label_type_name=link&field_eq_name=transclient-9.9.9-Win', bound);
    expect(missing.spec.total).toBe(0);
    await newLabel({ name: 'transclient-9.9.9-Win', description: 'https://downloads.example.org/tc-9.9.9.exe', label_type_name: 'link' });
    const found = await call<List<Label>>('GET', '/label/label?field_eq_label_type_name=link&field_eq_name=transclient-9.9.9-Win', bound);
    expect(found.spec.list.map((l) => l.description)).toEqual(['https://downloads.example.org/tc-9.9.9.exe']);
  });
});
