import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/database';
import { schema, type Database } from '../../db/client';
import { groupAdmins, rolePermissions, roles, sessions, users } from '../../db/schema/identity';
import { createLocalBus, createPgBus, type ClusterBus, type DatabaseNotifications } from '../../lib/cluster-bus';
import { hashToken, newToken } from '../../lib/secrets';
import { createIdentityModule, type IdentityModule } from './identity.module';

/**
 * The per-instance token → session cache: a token seen before costs no statement, and every change that alters
 * what it resolves to — made by any code path or straight in SQL — holds on the very next resolution. On PGlite
 * and, with STARLIGHT_TEST_PG, on PostgreSQL (its bus: LISTEN/NOTIFY on its own connection).
 */
let database: TestDatabase;
let db: Database;
let bus: ClusterBus;
let identity: IdentityModule;
const sent: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const logger = { logQuery: (query: string) => void sent.push(query) };
  const client = (database.db as unknown as { $client: unknown }).$client;
  db = database.kind === 'pglite' ? drizzlePglite(client as PGlite, { schema, logger }) : drizzlePg(client as pg.Pool, { schema, logger });
  bus = database.url ? await createPgBus({ url: database.url }) : await createLocalBus(client as DatabaseNotifications);
  identity = createIdentityModule({ db, login: { maxFailures: 50, windowS: 900 }, initialAdminPassword: 'Admin-pass-1', bus });
  await identity.bootstrap.run();
});
afterAll(async () => {
  await bus.close();
  await database.close();
});

async function counted<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  sent.length = 0;
  const result = await work();
  return { result, statements: sent.length };
}

let serial = 0;
async function userWithSession(roleNames: string[] = []) {
  const userId = (await identity.accounts.createUser({ userName: `cached-${++serial}`, password: 'Pass-word-1', roles: roleNames }))!;
  const token = newToken();
  const [row] = await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, tokenType: 'shortTerm', createdAt: new Date(), expiresAt: new Date(Date.now() + 3_600_000) })
    .returning({ id: sessions.id });
  return { userId, token, sessionId: row!.id };
}

/** Resolves twice: the second must not read the database. */
async function warm(token: string) {
  const resolve = identity.auth.resolveToken;
  await resolve(token);
  const again = await counted(() => resolve(token));
  expect(again.statements).toBe(0);
  return again.result;
}

describe('the session cache', () => {
  it('answers a token seen before without a statement', async () => {
    const { token, userId } = await userWithSession();
    expect((await counted(() => identity.auth.resolveToken(token))).statements).toBe(1);
    expect(await warm(token)).toMatchObject({ userId, permissions: [] });
  });

  it('never keeps an unknown token', async () => {
    const unknown = newToken();
    for (let i = 0; i < 2; i++) expect(await counted(() => identity.auth.resolveToken(unknown))).toEqual({ result: null, statements: 1 });
  });

  it('refuses a session revoked in SQL on the very next resolution', async () => {
    const { token, sessionId } = await userWithSession();
    await warm(token);
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
    expect(await identity.auth.resolveToken(token)).toBeNull();
  });

  it('refuses a session whose user was disabled, and one whose row was deleted', async () => {
    const first = await userWithSession();
    await warm(first.token);
    await db.update(users).set({ disabled: true }).where(eq(users.id, first.userId));
    expect(await identity.auth.resolveToken(first.token)).toBeNull();
    const second = await userWithSession();
    await warm(second.token);
    await db.delete(sessions).where(eq(sessions.id, second.sessionId));
    expect(await identity.auth.resolveToken(second.token)).toBeNull();
  });

  it("ends a derived session when its parent is revoked (the child's entry goes too)", async () => {
    const parent = await userWithSession();
    const child = newToken();
    await db.insert(sessions).values({
      tokenHash: hashToken(child),
      userId: parent.userId,
      tokenType: 'shortTerm',
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 3_600_000),
      parentSessionId: parent.sessionId,
    });
    await warm(child);
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, parent.sessionId));
    expect(await identity.auth.resolveToken(child)).toBeNull();
  });

  it("changes the keys at once when a role's keys change, a role is granted, or an admin post ends", async () => {
    const { accounts } = identity;
    await accounts.defineRole({ name: 'cache-role', description: '', builtin: false }, ['query_all_audit']);
    const { token, userId } = await userWithSession(['cache-role']);
    expect((await warm(token))?.permissions).toEqual(['query_all_audit']);

    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'cache-role'));
    await db.update(rolePermissions).set({ permissionKey: 'query_role' }).where(eq(rolePermissions.roleId, role!.id));
    expect((await identity.auth.resolveToken(token))?.permissions).toEqual(['query_role']);

    await warm(token);
    await accounts.addGroupAdmin(await accounts.ensureGroup('cache-lab', ''), userId);
    expect((await identity.auth.resolveToken(token))?.permissions).toContain('user_order_create_gadmin');

    await warm(token);
    await db.delete(groupAdmins).where(eq(groupAdmins.userId, userId));
    expect((await identity.auth.resolveToken(token))?.permissions).toEqual(['query_role']);

    await warm(token);
    await db.update(users).set({ status: sql`${users.status} | 1` }).where(eq(users.id, userId));
    expect([...((await identity.auth.resolveToken(token))?.permissions ?? [])].sort()).toEqual(['binded_account', 'query_role']);
  });

  it('reads the database again when the bus cannot vouch for the cache', async () => {
    const { token } = await userWithSession();
    await warm(token);
    const blind = createIdentityModule({ db, login: { maxFailures: 50, windowS: 900 }, initialAdminPassword: null, bus: { ...bus, sync: async () => false } });
    for (let i = 0; i < 2; i++) expect((await counted(() => blind.auth.resolveToken(token))).statements).toBe(1);
  });
});
