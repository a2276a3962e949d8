import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { List } from '@starlight/contract/envelope';
import type { MessageTemplate } from '@starlight/contract/message-templates';
import { adminPassword, demoPassword, login, startTestApp, stopTestApp, type TestApp } from './helpers';
import { call } from './hpc-helpers';

/* Issue 11, template CRUD (spec §7): variables checked at save, rich text sanitised, SMS listed apart. Sending is not built yet. */
let t: TestApp;
let admin: string;
let user: string;
const fields = (envelope: { spec: unknown }) => ((envelope.spec as { fields?: { path: string }[] })?.fields ?? []).map((f) => f.path);

beforeAll(async () => {
  t = await startTestApp({ env: { STARLIGHT_LOG_LEVEL: 'warn' } });
  [admin, user] = await Promise.all([login(t.app, 'admin', adminPassword), login(t.app, 'demo-bound', demoPassword)]);
}, 120_000);
afterAll(() => stopTestApp(t));

describe('message templates', () => {
  it('saves a template with known variables, sanitised, and refuses unknown variables naming the field', async () => {
    const made = await call<MessageTemplate>(t.app, 'POST', '/message/template', admin, {
      name: 'maintenance',
      channel: 'in_app',
      title: 'Maintenance on {{cluster}}',
      content: '<p>Dear {{ user_name }}, <img src=x onerror=alert(1)>the cluster stops on {{date}}.</p>',
    });
    expect(made.code).toBe(200);
    expect(made.spec.content).toBe('<p>Dear {{ user_name }}, the cluster stops on {{date}}.</p>');
    expect(made.spec.variables.sort()).toEqual(['cluster', 'date', 'user_name']);
    const bad = await call(t.app, 'POST', '/message/template', admin, { name: 'bad', channel: 'email', title: 'Hi', content: 'Hello {{password}}' });
    expect([bad.code, fields(bad)]).toEqual([1400, ['body.content']]);
    const dup = await call(t.app, 'POST', '/message/template', admin, { name: 'maintenance', channel: 'email', title: 'x', content: 'y' });
    expect([dup.code, fields(dup)]).toEqual([1409, ['body.name']]);
    const renamed = await call<MessageTemplate>(t.app, 'PATCH', `/message/template/${made.spec.id}`, admin, { name: 'maintenance-2', channel: 'in_app', title: 'T', content: '<p>{{real_name}}</p>' });
    expect(renamed.spec).toMatchObject({ name: 'maintenance-2', variables: ['real_name'] });
    expect((await call<MessageTemplate>(t.app, 'GET', `/message/template/${made.spec.id}`, admin)).spec.name).toBe('maintenance-2');
  });

  it('lists SMS templates on the telephone call, keeps SMS text plain, and is for the template key only', async () => {
    const sms = await call<MessageTemplate>(t.app, 'POST', '/message/template', admin, { name: 'sms-code', channel: 'sms', title: 'Code', content: 'Hi {{user_name}} <b>x</b>' });
    expect(sms.spec.content).toBe('Hi {{user_name}} <b>x</b>');
    const phone = await call<List<MessageTemplate>>(t.app, 'GET', '/message/telephone/template', admin);
    expect(phone.spec.list.map((x) => x.name)).toEqual(['sms-code']);
    expect((await call<List<MessageTemplate>>(t.app, 'GET', '/message/template', admin)).spec.total).toBe(2);
    expect((await call(t.app, 'GET', '/message/template', user)).code).toBe(1403);
    expect((await call(t.app, 'POST', '/message/template', user, { name: 'x', channel: 'sms', title: 'x', content: 'x' })).code).toBe(1403);
    expect((await call(t.app, 'DELETE', `/message/template/${sms.spec.id}`, admin)).code).toBe(200);
    expect((await call(t.app, 'GET', `/message/template/${sms.spec.id}`, admin)).code).toBe(1404);
  });
});
