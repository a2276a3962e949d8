import { Code } from '@starlight/contract/codes';
import { tokenLifetimeMs, type LoginInput, type LoginResult, type TokenType } from '@starlight/contract/auth';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { verifyDummy, verifyPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/secrets';
import type { LoginThrottle } from './login-throttle.service';
import type { PermissionsService } from './permissions.service';
import type { SessionsRepo } from './sessions.repo';
import type { UsersRepo } from './users.repo';

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

interface AuthDeps {
  users: UsersRepo;
  sessions: SessionsRepo;
  throttle: LoginThrottle;
  permissions: PermissionsService;
  now: () => Date;
}

/** One answer for an unknown user, a wrong password and a disabled account. */
export const loginRefusedInfo = 'incorrect user name or password';

export function createAuthService({ users, sessions, throttle, permissions, now }: AuthDeps) {
  return {
    async login(input: LoginInput, tokenType: TokenType, client: ClientInfo): Promise<LoginResult> {
      const user = await users.findByLoginName(input.name);
      const accountKey = user ? `user:${user.id}` : `name:${input.name.toLowerCase()}`;
      await throttle.assertAllowed(accountKey, client.ip);
      const passwordOk = user ? await verifyPassword(user.passwordHash, input.password) : await verifyDummy(input.password);
      if (!user || !passwordOk || user.disabled) {
        await throttle.recordFailure(accountKey, client.ip);
        throw new AppError(Code.loginRefused, loginRefusedInfo);
      }
      await throttle.recordSuccess(accountKey);
      const token = newToken();
      const issuedAt = now();
      const expiresAt = new Date(issuedAt.getTime() + tokenLifetimeMs[tokenType]);
      await sessions.insert({
        tokenHash: hashToken(token),
        userId: user.id,
        tokenType,
        createdAt: issuedAt,
        expiresAt,
        ip: client.ip,
        userAgent: client.userAgent.slice(0, 1000),
      });
      await users.touchLastLogin(user.id, issuedAt);
      return { token, token_type: tokenType, expires_at: expiresAt.toISOString() };
    },

    async logout(actor: Actor): Promise<void> {
      await sessions.revoke(actor.sessionId, now());
    },

    /** Token → actor; null for an unknown, expired or revoked token, or a disabled user. */
    resolveToken: async (token: string): Promise<Actor | null> => actorOfSession(await sessions.findByTokenHash(hashToken(token))),

    /** A live session's actor by id (tokens derived from a session, e.g. Scheduler-Token); null when it ended. */
    resolveSession: async (sessionId: number): Promise<Actor | null> => actorOfSession(await sessions.findById(sessionId)),

    /** The session's end, for tokens that must not outlive it. */
    sessionExpiry: async (sessionId: number): Promise<Date | null> => (await sessions.findById(sessionId))?.expiresAt ?? null,
  };

  async function actorOfSession(session: Awaited<ReturnType<SessionsRepo['findById']>>): Promise<Actor | null> {
    if (!session || session.revokedAt || session.expiresAt <= now() || session.disabled) return null;
    return {
      userId: session.userId,
      userName: session.userName,
      status: session.status,
      permissions: await permissions.keysOf(session.userId, session.status),
      sessionId: session.sessionId,
      tokenType: session.tokenType,
    };
  }
}

export type AuthService = ReturnType<typeof createAuthService>;
