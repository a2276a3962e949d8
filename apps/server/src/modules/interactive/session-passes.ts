import { randomBytes } from 'node:crypto';

/** What a ticket or a session cookie stands for: one session, for its owner, until a time. */
export interface SessionPass {
  sessionId: string;
  userId: number;
  expiresAt: number;
}

/** How long a ticket from `POST /session/{id}/connect` may wait before the browser opens it. */
export const ticketTtlMs = 60_000;
/** How long a session cookie lives at most (also never past the session's own end). */
export const cookieTtlMs = 12 * 60 * 60_000;

const newSecret = () => randomBytes(32).toString('base64url');

/**
 * The session origin's credentials, kept in this process's memory (never in the console's token store):
 * single-use, short-lived **tickets** made by the console for the session's owner, and the opaque **cookie**
 * values the session origin gives in exchange. Neither is a console credential: each names one session and
 * its owner, and the console's API never reads either.
 */
export function createSessionPasses(now: () => number = Date.now) {
  const tickets = new Map<string, SessionPass>();
  const cookies = new Map<string, SessionPass>();
  const sweep = (map: Map<string, SessionPass>) => {
    const at = now();
    for (const [key, pass] of map) if (pass.expiresAt <= at) map.delete(key);
  };
  /** The pass for `sessionId`, or why not: unknown/expired (`none`) or made for another session (`other`). */
  const lookup = (map: Map<string, SessionPass>, value: string | undefined, sessionId: string): SessionPass | 'none' | 'other' => {
    const pass = value ? map.get(value) : undefined;
    if (!pass || pass.expiresAt <= now()) return 'none';
    return pass.sessionId === sessionId ? pass : 'other';
  };
  return {
    /** A single-use ticket for the owner of `sessionId`, valid `ticketTtlMs`. */
    ticket(sessionId: string, userId: number): string {
      sweep(tickets);
      const value = newSecret();
      tickets.set(value, { sessionId, userId, expiresAt: now() + ticketTtlMs });
      return value;
    },
    /** Spends a ticket: whatever the answer, it cannot be used again. */
    redeem(value: string, sessionId: string): SessionPass | 'none' | 'other' {
      const found = lookup(tickets, value, sessionId);
      tickets.delete(value);
      return found;
    },
    /** The cookie value that stands for `pass` on the session origin, until `endsAt` (at most `cookieTtlMs`). */
    cookie(pass: SessionPass, endsAt: Date | null): string {
      sweep(cookies);
      const value = newSecret();
      const limit = now() + cookieTtlMs;
      cookies.set(value, { sessionId: pass.sessionId, userId: pass.userId, expiresAt: endsAt ? Math.min(endsAt.getTime(), limit) : limit });
      return value;
    },
    grant: (value: string | undefined, sessionId: string) => lookup(cookies, value, sessionId),
    /** An ended session's cookies and tickets are worth nothing from now on. */
    revoke(sessionId: string) {
      for (const map of [tickets, cookies]) for (const [key, pass] of map) if (pass.sessionId === sessionId) map.delete(key);
    },
  };
}
export type SessionPasses = ReturnType<typeof createSessionPasses>;
