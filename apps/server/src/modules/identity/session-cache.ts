import type { ClusterBus } from '../../lib/cluster-bus';
import type { SessionActorRow } from './sessions.repo';

/** Announced by the database itself (triggers of drizzle/0009_identity_change_notify.sql) on the bus's channel. */
export const identityChangedTopic = 'identity.changed';

/** What a trigger says changed: sessions by id, users by id (their roles, admin posts, status, name), or anything. */
export interface IdentityChange {
  sessions?: number[];
  users?: number[];
  all?: boolean;
}

export interface SessionCacheOptions {
  bus: Pick<ClusterBus, 'subscribe' | 'onResync' | 'sync'>;
  /** Oldest entries leave first past this many (a row is ~1 KB). */
  maxEntries?: number;
  /** A safety net only: every change is announced; an entry is read again after this long anyway. */
  ttlMs?: number;
  clock?: () => number;
}

/**
 * Token hash → the session's actor row (session, user, real user, parent session, role keys), per instance.
 *
 * Correct because the database announces every change that can alter a row (triggers, in the writing
 * transaction, whatever code or person wrote it) and the bus delivers it to every instance at commit; and
 * before each answer `bus.sync()` makes sure this instance has received everything committed before the
 * request came (PostgreSQL: one `select 1` on the LISTEN connection shared by all requests waiting at that
 * moment; PGlite: delivered before the writing statement resolved). So a logout, a password change, a disabled
 * user or a changed role holds on the next request on every instance. When the bus cannot vouch (connection
 * lost) the database is read as before; a reconnect clears everything (messages may have been missed).
 * A row read while a change arrived is not kept (the generation moved): it may predate the change.
 */
export function createSessionCache({ bus, maxEntries = 10_000, ttlMs = 5 * 60_000, clock = () => performance.now() }: SessionCacheOptions) {
  const entries = new Map<string, { row: SessionActorRow; storedAt: number }>();
  let generation = 0;

  const affected = (row: SessionActorRow, change: IdentityChange): boolean =>
    (change.sessions?.some((id) => id === row.sessionId || id === row.parentSessionId) ?? false) ||
    (change.users?.some((id) => id === row.userId || id === row.impersonatorUserId) ?? false);

  const apply = (change: IdentityChange): void => {
    generation++;
    if (change.all) return entries.clear();
    for (const [hash, entry] of entries) if (affected(entry.row, change)) entries.delete(hash);
  };
  bus.subscribe(identityChangedTopic, (payload) => apply((payload ?? { all: true }) as IdentityChange));
  bus.onResync(() => apply({ all: true }));

  return {
    /** The row for this token hash: from the cache when the bus vouches for it, else from `load` (kept when live). */
    async row(tokenHash: string, load: () => Promise<SessionActorRow | undefined>): Promise<SessionActorRow | undefined> {
      if (!(await bus.sync())) return load();
      const hit = entries.get(tokenHash);
      if (hit && clock() - hit.storedAt < ttlMs) return hit.row;
      const seen = generation;
      const row = await load();
      // unknown tokens are not kept: anyone can send a million of them
      if (row && seen === generation) {
        entries.delete(tokenHash);
        entries.set(tokenHash, { row, storedAt: clock() });
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      }
      return row;
    },
    /** How many rows are kept (tests, metrics). */
    size: () => entries.size,
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
