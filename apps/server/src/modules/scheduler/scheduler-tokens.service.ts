import { schedulerTokenHeader } from '@starlight/contract/auth';
import { schedulerTokenLifetimeMs, type SchedulerToken } from '@starlight/contract/scheduler';
import type { Actor } from '../../lib/actor';
import { hashToken, newToken } from '../../lib/secrets';
import type { AuthService } from '../identity/auth.service';
import type { SchedulerTokensRepo } from './scheduler-tokens.repo';

/**
 * `Scheduler-Token` (spec §7 "Scheduler service"): a second bearer token derived from the caller's
 * session, for calls under /scheduler. It lives 1 day (§9) but never beyond its session, and stops
 * working the moment the session is logged out or revoked. Stored hashed, like session tokens.
 */
export function createSchedulerTokensService({ repo, auth, now = () => new Date() }: { repo: SchedulerTokensRepo; auth: AuthService; now?: () => Date }) {
  return {
    async issue(actor: Actor): Promise<SchedulerToken> {
      const token = newToken();
      const sessionEnd = (await auth.sessionExpiry(actor.sessionId))?.getTime() ?? now().getTime();
      const expiresAt = new Date(Math.min(now().getTime() + schedulerTokenLifetimeMs, sessionEnd));
      await repo.insert({ tokenHash: hashToken(token), sessionId: actor.sessionId, expiresAt, createdAt: now() });
      return { [schedulerTokenHeader]: token, expires_at: expiresAt.toISOString() };
    },

    /** Token → the actor of its session; null when unknown, expired, or the session ended. */
    async resolve(token: string): Promise<Actor | null> {
      const sessionId = await repo.sessionOf(hashToken(token), now());
      return sessionId === null ? null : auth.resolveSession(sessionId);
    },
  };
}

export type SchedulerTokensService = ReturnType<typeof createSchedulerTokensService>;
