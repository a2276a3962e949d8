import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, createUser } from './admin-helpers';
import { startTestApp, stopTestApp, type TestApp } from './helpers';
import { captchaEnv, registerByEmail } from './verification-helpers';

// Issue 13: user names, group names and the image hub's reserved namespaces (`library`) share one space — the
// namespace `<name>/…` of the registry. A user named like a group (or `library`) would own that group's images.
let t: TestApp;
let admin: string;
const fieldsOf = (spec: unknown) => (spec as { fields?: { path: string }[] } | null)?.fields?.map((field) => field.path) ?? [];

beforeAll(async () => {
  t = await startTestApp({ env: captchaEnv });
  admin = await adminToken(t);
  expect((await call(t, admin, 'POST', '/user/groups', { name: 'physics', description: 'a group' })).code).toBe(200);
  await createUser(t, admin, 'erwin');
});
afterAll(() => stopTestApp(t));

describe('user and group names never collide, and library is reserved', () => {
  it('refuses self-registration under a group name (1409) or a reserved name (1400), naming body.user_name', async () => {
    const group = await registerByEmail(t.app, 'physics@example.com', 'physics');
    expect([group.code, fieldsOf(group.spec)]).toEqual([1409, ['body.user_name']]);
    const reserved = await registerByEmail(t.app, 'library@example.com', 'library');
    expect([reserved.code, fieldsOf(reserved.spec)]).toEqual([1400, ['body.user_name']]);
    expect((await registerByEmail(t.app, 'physicist@example.com', 'physicist')).code).toBe(200);
  });

  it('refuses an administrator creating such a user, naming body.user_name', async () => {
    const group = await call(t, admin, 'POST', '/user/user', { user_name: 'physics', password: 'Member-pass-1' });
    expect([group.code, fieldsOf(group.spec)]).toEqual([1409, ['body.user_name']]);
    const reserved = await call(t, admin, 'POST', '/user/user', { user_name: 'library', password: 'Member-pass-1' });
    expect([reserved.code, fieldsOf(reserved.spec)]).toEqual([1400, ['body.user_name']]);
  });

  it('reports such rows of a bulk CSV as failed on user_name and creates the others', async () => {
    const csv = 'user_name,password\nphysics,Member-pass-1\nlibrary,Member-pass-1\nnewton,Member-pass-1\n';
    const report = await call<{ created: number; failed: { line: number; field: string; message: string }[] }>(t, admin, 'POST', '/user/update', { csv });
    expect(report.code).toBe(200);
    expect(report.spec.created).toBe(1);
    expect(report.spec.failed.map((row) => [row.line, row.field, row.message])).toEqual([
      [2, 'user_name', 'the name of a group'],
      [3, 'user_name', 'This name is reserved'],
    ]);
    expect((await call(t, admin, 'GET', '/user/user/physics')).code).toBe(1404);
  });

  it("refuses a group named like a user (1409) or library (1400), naming body.name", async () => {
    const user = await call(t, admin, 'POST', '/user/groups', { name: 'erwin', description: '' });
    expect([user.code, fieldsOf(user.spec)]).toEqual([1409, ['body.name']]);
    const reserved = await call(t, admin, 'POST', '/user/groups', { name: 'library', description: '' });
    expect([reserved.code, fieldsOf(reserved.spec)]).toEqual([1400, ['body.name']]);
    const taken = await call(t, admin, 'POST', '/user/groups', { name: 'physics', description: '' });
    expect([taken.code, fieldsOf(taken.spec)]).toEqual([1409, ['body.name']]);
  });
});
