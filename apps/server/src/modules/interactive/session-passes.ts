import { hashToken, newToken } from '../../lib/secrets';
import type { PassesRepo, PassKind, SessionPass } from './session-passes.repo';

export type { SessionPass } from './session-passes.repo';

/** How long a ticket from `POST /session/{id}/connect` may wait before the browser opens it. */
export const ticketTtlMs = 60_000;
/** How long a session cookie lives at most (also never past the session's own end). */
export const cookieTtlMs = 12 * 60 * 60_000;
/** How long an instance trusts a cookie it has read from the database before reading it again. */
export const cookieCacheMs = 10_000;
/** How often (at most) an instance deletes the expired rows, when it makes a pass. */
const sweepEveryMs = 60_000;

type Found = SessionPass | 'none' | 'other';

/**
 * The session origin's credentials, never in the console's token store: single-use, short-lived **tickets**
 * made by the console for the session's owner, and the opaque **cookie** values the session origin gives in
 * exchange. Neither is a console credential: each names one session and its owner, and the console's API
 * never reads either. Both live in the database (`interactive_passes`, hashed), so that any instance behind
 * a balancer honours what another made: a ticket is spent by one `DELETE … RETURNING` (used once, on
 * whichever instance), a cookie is read back (and trusted for `cookieCacheMs` by the instance that read it;
 * `forget` drops that, and the module calls it on every instance when a session ends, over the cluster bus).
 */
export function createSessionPasses(repo: PassesRepo, now: () => number = Date.now) {
  /** Cookies this instance has read, until `until` (never past the pass's own expiry). */
  const cached = new Map<string, { pass: SessionPass; until: number }>();
  let sweptAt = 0;
  const sweep = async (): Promise<void> => {
    const at = now();
    if (at - sweptAt < sweepEveryMs) return;
    sweptAt = at;
    await repo.sweep(at);
    for (const [key, entry] of cached) if (entry.until <= at) cached.delete(key);
  };
  /** The pass for `sessionId`, or why not: unknown/expired (`none`) or made for another session (`other`). */
  const judge = (pass: SessionPass | null, sessionId: string): Found => {
    if (!pass || pass.expiresAt <= now()) return 'none';
    return pass.sessionId === sessionId ? pass : 'other';
  };
  const make = async (kind: PassKind, pass: SessionPass): Promise<string> => {
    await sweep();
    const value = newToken();
    await repo.put(hashToken(value), kind, pass);
    return value;
  };
  /** Drops what this instance has cached of `sessionId` (told by the instance that ended it), or everything. */
  const forget = (sessionId?: string): void => {
    for (const [key, entry] of cached) if (sessionId === undefined || entry.pass.sessionId === sessionId) cached.delete(key);
  };
  return {
    /** A single-use ticket for the owner of `sessionId`, valid `ticketTtlMs`. */
    ticket: (sessionId: string, userId: number): Promise<string> => make('ticket', { sessionId, userId, expiresAt: now() + ticketTtlMs }),
    /** Spends a ticket: whatever the answer, it cannot be used again, on any instance. */
    async redeem(value: string, sessionId: string): Promise<Found> {
      return judge(await repo.take(hashToken(value), 'ticket'), sessionId);
    },
    /** The cookie value that stands for `pass` on the session origin, until `endsAt` (at most `cookieTtlMs`). */
    cookie(pass: SessionPass, endsAt: Date | null): Promise<string> {
      const limit = now() + cookieTtlMs;
      return make('cookie', { sessionId: pass.sessionId, userId: pass.userId, expiresAt: endsAt ? Math.min(endsAt.getTime(), limit) : limit });
    },
    async grant(value: string | undefined, sessionId: string): Promise<Found> {
      if (!value) return 'none';
      const hash = hashToken(value);
      const hit = cached.get(hash);
      if (hit && hit.until > now()) return judge(hit.pass, sessionId);
      const pass = await repo.get(hash, 'cookie');
      if (pass) cached.set(hash, { pass, until: Math.min(pass.expiresAt, now() + cookieCacheMs) });
      else cached.delete(hash);
      return judge(pass, sessionId);
    },
    /** An ended session's cookies and tickets are worth nothing from now on (every instance: see `forget`). */
    async revoke(sessionId: string): Promise<void> {
      forget(sessionId);
      await repo.dropSession(sessionId);
    },
    forget,
  };
}
export type SessionPasses = ReturnType<typeof createSessionPasses>;
