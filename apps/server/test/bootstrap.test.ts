import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema/messages';
import { userRoles, roles, users } from '../src/db/schema/identity';
import type { DatabaseHandle } from '../src/db/client';
import { openTestDatabase } from './database';
import { body, login, startTestApp, api, tokenHeader } from './helpers';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** A start as a person would do it: no preset admin password. */
const start = (env: Record<string, string> = {}) =>
  startTestApp({ database, env: { STARLIGHT_INITIAL_ADMIN_PASSWORD: '', STARLIGHT_DEMO: '0', ...env } });

const countOf = async (table: typeof users | typeof messages) => (await database.db.select({ n: count() }).from(table))[0]?.n;

describe('bootstrap', () => {
  it('creates exactly one platform administrator and prints its one-time password once', async () => {
    const first = await start();
    expect(first.announcements).toHaveLength(1);
    const notice = first.announcements[0] ?? '';
    expect(notice).toContain('http://127.0.0.1:8080/login');
    const password = /password\s+(\S+)/.exec(notice)?.[1] ?? '';
    expect(password).toMatch(/^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{16}$/);
    const token = await login(first.app, 'admin', password);
    const self = body<{ user_name: string }>(await first.app.inject({ url: api('/user/user/self'), headers: tokenHeader(token) }));
    expect(self.spec.user_name).toBe('admin');
    await first.app.close();

    const second = await start();
    expect(second.announcements).toEqual([]);
    await second.app.close();

    expect(await countOf(users)).toBe(1);
    const adminRoles = await database.db
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(eq(users.userName, 'admin'));
    expect(adminRoles).toEqual([{ name: 'platform-admin' }]);
  });

  it('seeds the demo data once: a second start creates nothing and prints nothing', async () => {
    const first = await start({ STARLIGHT_DEMO: '1' });
    expect(first.announcements).toHaveLength(1);
    for (const name of ['demo-user', 'demo-bound', 'demo-gadmin', 'demo-auditor']) expect(first.announcements[0]).toContain(name);
    await first.app.close();
    const second = await start({ STARLIGHT_DEMO: '1' });
    expect(second.announcements).toEqual([]);
    await second.app.close();
    expect(await countOf(users)).toBe(5);
    expect(await countOf(messages)).toBe(12);
  });
});
