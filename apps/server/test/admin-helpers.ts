import { desc } from 'drizzle-orm';
import type { Envelope } from '@starlight/contract/envelope';
import { auditEvents } from '../src/db/schema/audit';
import { adminPassword, api, body, login, tokenHeader, type TestApp } from './helpers';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call with a token; the envelope back. */
export async function call<T = unknown>(t: TestApp, token: string | null, method: Method, path: string, payload?: object): Promise<Envelope<T>> {
  const reply = await t.app.inject({ method, url: api(path), headers: token ? tokenHeader(token) : {}, ...(payload ? { payload } : {}) });
  return body<T>(reply);
}

export const auditRows = (t: TestApp) => t.database.db.select().from(auditEvents).orderBy(desc(auditEvents.id));

export const adminToken = (t: TestApp) => login(t.app, 'admin', adminPassword);

let counter = 0;
/** A fresh, valid user name (5–27 characters). */
export const freshName = (prefix = 'user'): string => `${prefix}-${process.pid % 1000}-${++counter}`;

export const userPassword = 'Member-pass-1';

/** Creates a user as the admin (optionally in a group) and returns their id. */
export async function createUser(t: TestApp, token: string, userName: string, groupName?: string): Promise<number> {
  const created = await call<{ id: number }>(t, token, 'POST', '/user/user', { user_name: userName, password: userPassword, ...(groupName ? { group_name: groupName } : {}) });
  if (created.code !== 200) throw new Error(`creating ${userName}: ${created.code} ${created.info}`);
  return created.spec.id;
}

export async function setKeys(t: TestApp, adminTok: string, userName: string, roleName: string, keys: string[]): Promise<void> {
  const role = await call(t, adminTok, 'POST', '/perm/roles', { name: roleName, description: 'test', keys });
  if (role.code !== 200) throw new Error(`role ${roleName}: ${role.code} ${role.info}`);
  const assigned = await call(t, adminTok, 'POST', '/user/user_role', { user_name: userName, roles: [roleName] });
  if (assigned.code !== 200) throw new Error(`assign ${roleName}: ${assigned.code} ${assigned.info}`);
}
