import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { openTestDatabase } from '../../../test/database';
import { createIdentityModule } from './identity.module';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const identity = () =>
  createIdentityModule({ db: database.db, login: { maxFailures: 5, windowS: 900 }, initialAdminPassword: null });

describe('identity services', () => {
  it('creates one first administrator when two instances start at the same moment', async () => {
    const results = await Promise.all([identity().bootstrap.run(), identity().bootstrap.run()]);
    expect(results.filter((result) => result.admin !== null)).toHaveLength(1);
    expect(await identity().accounts.countUsers()).toBe(1);
  });

  it('never grants binded_account through a role: only status bit 1 does', async () => {
    const { accounts, permissions } = identity();
    await accounts.defineRole({ name: 'binder', description: 'holds binded_account', builtin: false }, ['binded_account', 'query_role']);
    const unbound = await accounts.createUser({ userName: 'role-bound', password: 'Pass-word-1', roles: ['binder'] });
    expect(await permissions.keysOf(unbound!, 0)).toEqual(['query_role']);
    expect(await permissions.keysOf(unbound!, 1 | 64)).toEqual(['binded_account', 'query_role']);
  });

  it('grants the group-admin keys only while the user administers a group', async () => {
    const { accounts, permissions } = identity();
    const userId = await accounts.createUser({ userName: 'lab-head', password: 'Pass-word-1' });
    expect(await permissions.keysOf(userId!, 0)).toEqual([]);
    await accounts.addGroupAdmin(await accounts.ensureGroup('lab', ''), userId!);
    expect(await permissions.keysOf(userId!, 0)).toContain('user_order_create_gadmin');
  });
});
