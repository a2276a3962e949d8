import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { internalError } from '../../lib/app-error';
import { sessions, users } from '../../db/schema/identity';
import { roleKeysOf } from './roles.repo';

export type NewSessionRow = typeof sessions.$inferInsert;

/** The real user behind a switched-to session (sessions.impersonator_user_id), joined a second time. */
const realUsers = alias(users, 'real_users');
/** The session a switched or derived session was started from, joined to end them together. */
const parentSessions = alias(sessions, 'parent_sessions');

export function createSessionsRepo(db: Database) {
  /**
   * Everything an authenticated request needs, in ONE round trip: the session, its user (name, status
   * bits, disabled), the real user behind a switched session (name, disabled), the revocation of the session it
   * was started from, and the user's role keys
   * (text[] aggregated in the same statement). Prepared once per database: no query building per request,
   * and on PostgreSQL each pooled connection parses and plans it once.
   */
  const actorQuery = (condition: SQL, name: string) =>
    db
      .select({
        sessionId: sessions.id,
        tokenType: sessions.tokenType,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        userId: users.id,
        userName: users.userName,
        status: users.status,
        disabled: users.disabled,
        impersonatorUserId: sessions.impersonatorUserId,
        impersonatorUserName: realUsers.userName,
        impersonatorDisabled: realUsers.disabled,
        parentSessionId: sessions.parentSessionId,
        parentRevokedAt: parentSessions.revokedAt,
        roleKeys: roleKeysOf(users.id),
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(realUsers, eq(realUsers.id, sessions.impersonatorUserId))
      .leftJoin(parentSessions, eq(parentSessions.id, sessions.parentSessionId))
      .where(condition)
      .prepare(name);
  const byTokenHash = actorQuery(eq(sessions.tokenHash, sql.placeholder('tokenHash')), 'identity_actor_by_token_hash');
  const bySessionId = actorQuery(eq(sessions.id, sql.placeholder('sessionId')), 'identity_actor_by_session_id');

  return {
    async insert(values: NewSessionRow): Promise<void> {
      await db.insert(sessions).values(values);
    },

    async insertReturningId(values: NewSessionRow): Promise<number> {
      const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
      if (!row) throw internalError('session insert returned no row');
      return row.id;
    },

    /** The session behind a token hash with all the actor needs (see actorQuery); one statement. */
    actorRowByTokenHash: async (tokenHash: string): Promise<SessionActorRow | undefined> => (await byTokenHash.execute({ tokenHash }))[0],
    /** The same by session id (tokens derived from a session, e.g. Scheduler-Token). */
    actorRowById: async (sessionId: number): Promise<SessionActorRow | undefined> => (await bySessionId.execute({ sessionId }))[0],

    /** The session row alone (its end, for sessions that must not outlive it). */
    async findById(id: number) {
      const [row] = await db
        .select({ sessionId: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt, revokedAt: sessions.revokedAt })
        .from(sessions)
        .where(eq(sessions.id, id));
      return row;
    },

    async revoke(sessionId: number, at: Date): Promise<void> {
      await db.update(sessions).set({ revokedAt: at }).where(eq(sessions.id, sessionId));
    },
  };
}

export interface SessionActorRow {
  sessionId: number;
  tokenType: 'shortTerm' | 'longTerm';
  expiresAt: Date;
  revokedAt: Date | null;
  userId: number;
  userName: string;
  status: number;
  disabled: boolean;
  impersonatorUserId: number | null;
  /** Null when there is no real user behind the session (or the row is gone). */
  impersonatorUserName: string | null;
  impersonatorDisabled: boolean | null;
  /** Set on a session started from another one; that one's revocation ends this one too. */
  parentSessionId: number | null;
  parentRevokedAt: Date | null;
  /** Raw role keys; the permissions service turns them into the actor's keys. */
  roleKeys: string[];
}

export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
