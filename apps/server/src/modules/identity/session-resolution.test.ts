import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database';
import { schema, type Database, type DatabaseHandle } from '../../db/client';
import { communities, communityAdmins, sessions, users } from '../../db/schema/identity';
import { hashToken, newToken } from '../../lib/secrets';
import { createIdentityModule } from './identity.module';

/**
 * Token → actor is paid by every authenticated request, so it must stay ONE statement whatever the
 * session is (plain, switched, dead). The statements are counted on a second drizzle instance over
 * the same connection, with a logger that records each statement sent.
 */
let database: DatabaseHandle;
let db: Database;
const sent: string[] = [];
let clock = new Date('2030-01-01T00:00:00Z');

beforeAll(async () => {
  database = await openTestDatabase();
  const logger = { logQuery: (query: string) => void sent.push(query) };
  const client = (database.db as unknown as { $client: unknown }).$client;
  db = database.kind === 'pglite' ? drizzlePglite(client as PGlite, { schema, logger }) : drizzlePg(client as pg.Pool, { schema, logger });
  await identity().bootstrap.run();
});
afterAll(() => database.close());
beforeEach(() => {
  clock = new Date('2030-01-01T00:00:00Z');
});

const identity = () =>
  createIdentityModule({ db, login: { maxFailures: 50, windowS: 900 }, initialAdminPassword: 'Admin-pass-1', now: () => clock });

/** A session row for `userId` (optionally switched to from `impersonatorUserId`), and its token. */
async function sessionFor(userId: number, options: { impersonatorUserId?: number; hours?: number } = {}) {
  const token = newToken();
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      tokenType: 'shortTerm',
      createdAt: clock,
      expiresAt: new Date(clock.getTime() + (options.hours ?? 1) * 3_600_000),
      impersonatorUserId: options.impersonatorUserId ?? null,
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id };
}

/** Runs `work` and answers what it returned with the number of statements it sent. */
async function counted<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  sent.length = 0;
  const result = await work();
  return { result, statements: sent.length };
}

let serial = 0;
async function newUser(roles: string[] = []): Promise<number> {
  const id = await identity().accounts.createUser({ userName: `resolve-${++serial}`, password: 'Pass-word-1', roles });
  return id!;
}

describe('token → actor in one statement', () => {
  it('resolves a plain session: role, group-admin and community-admin keys, binded_account from status bit 1 only', async () => {
    const { accounts, auth, permissions } = identity();
    await accounts.defineRole({ name: 'resolver', description: '', builtin: false }, ['query_role', 'binded_account']);
    const userId = await newUser(['resolver']);
    await accounts.addGroupAdmin(await accounts.ensureGroup('resolve-lab', ''), userId);
    const [community] = await db.insert(communities).values({ name: 'resolve-community' }).returning({ id: communities.id });
    await db.insert(communityAdmins).values({ communityId: community!.id, userId });
    const { token, sessionId } = await sessionFor(userId);

    const unbound = await counted(() => auth.resolveToken(token));
    expect(unbound.statements).toBe(1);
    expect(unbound.result).toMatchObject({ userId, userName: `resolve-${serial}`, status: 0, sessionId, tokenType: 'shortTerm', impersonator: null });
    expect(unbound.result!.permissions).toEqual(await permissions.keysOf(userId, 0));
    expect(unbound.result!.permissions).toEqual(expect.arrayContaining(['query_role', 'user_order_create_gadmin', 'community_3rd_admin']));
    expect(unbound.result!.permissions).not.toContain('binded_account');

    await db.update(users).set({ status: 1 | 64 }).where(eq(users.id, userId));
    const bound = await counted(() => auth.resolveToken(token));
    expect(bound.statements).toBe(1);
    expect(bound.result!.permissions).toEqual(await permissions.keysOf(userId, 1 | 64));
    expect(bound.result!.permissions).toContain('binded_account');
  });

  it('gives the platform administrator every key but binded_account, in the contract order', async () => {
    const { auth, permissions, accounts } = identity();
    const adminId = (await accounts.findUserId('admin'))!;
    const { token } = await sessionFor(adminId);
    const { result, statements } = await counted(() => auth.resolveToken(token));
    expect(statements).toBe(1);
    expect(result!.permissions).toEqual(await permissions.keysOf(adminId, 0));
    expect(result!.permissions).toContain('change_user');
    expect(result!.permissions).not.toContain('binded_account');
  });

  it('resolves a user without any key to an actor with none', async () => {
    const userId = await newUser();
    const { token } = await sessionFor(userId);
    const { result, statements } = await counted(() => identity().auth.resolveToken(token));
    expect(statements).toBe(1);
    expect(result).toMatchObject({ userId, permissions: [] });
  });

  it('resolves a switched session with its real user, and ends it when the real user is disabled', async () => {
    const { auth } = identity();
    const realId = await newUser();
    const targetId = await newUser();
    const { token } = await sessionFor(targetId, { impersonatorUserId: realId });
    const live = await counted(() => auth.resolveToken(token));
    expect(live.statements).toBe(1);
    expect(live.result).toMatchObject({ userId: targetId, impersonator: { userId: realId, userName: `resolve-${serial - 1}` } });

    await db.update(users).set({ disabled: true }).where(eq(users.id, realId));
    const dead = await counted(() => auth.resolveToken(token));
    expect(dead).toEqual({ result: null, statements: 1 });
  });

  it('refuses an unknown token, a revoked, an expired session and a disabled user, each in one statement', async () => {
    const { auth } = identity();
    expect(await counted(() => auth.resolveToken(newToken()))).toEqual({ result: null, statements: 1 });

    const revoked = await sessionFor(await newUser());
    await db.update(sessions).set({ revokedAt: clock }).where(eq(sessions.id, revoked.sessionId));
    expect(await counted(() => auth.resolveToken(revoked.token))).toEqual({ result: null, statements: 1 });

    const expiring = await sessionFor(await newUser(), { hours: 1 });
    expect(await auth.resolveToken(expiring.token)).not.toBeNull();
    clock = new Date(clock.getTime() + 3_600_000); // exactly at its end: over
    expect(await counted(() => auth.resolveToken(expiring.token))).toEqual({ result: null, statements: 1 });

    const disabledId = await newUser();
    const disabled = await sessionFor(disabledId);
    await db.update(users).set({ disabled: true }).where(eq(users.id, disabledId));
    expect(await counted(() => auth.resolveToken(disabled.token))).toEqual({ result: null, statements: 1 });
  });

  it('takes a revocation and a role change into account on the very next request (nothing cached)', async () => {
    const { auth, accounts } = identity();
    await accounts.defineRole({ name: 'resolver-2', description: '', builtin: false }, ['query_all_audit']);
    const userId = await newUser(['resolver-2']);
    const { token, sessionId } = await sessionFor(userId);
    expect((await auth.resolveToken(token))!.permissions).toEqual(['query_all_audit']);
    await accounts.defineRole({ name: 'resolver-2', description: '', builtin: false }, ['query_role']);
    expect((await auth.resolveToken(token))!.permissions).toEqual(['query_role']);
    await auth.logout((await auth.resolveToken(token))!);
    expect(await auth.resolveToken(token)).toBeNull();
    expect(await auth.resolveSession(sessionId)).toBeNull();
  });

  it('resolves a session by id (derived tokens) the same way, in one statement', async () => {
    const { auth } = identity();
    const userId = await newUser();
    const { token, sessionId } = await sessionFor(userId);
    const byId = await counted(() => auth.resolveSession(sessionId));
    expect(byId.statements).toBe(1);
    expect(byId.result).toEqual(await auth.resolveToken(token));
  });
});
