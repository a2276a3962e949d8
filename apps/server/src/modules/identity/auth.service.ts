import { Code } from '@starlight/contract/codes';
import { tokenLifetimeMs, type LoginInput, type LoginResult, type TokenType } from '@starlight/contract/auth';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { verifyDummy, verifyPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/secrets';
import type { CaptchaService } from '../verification/captcha.service';
import type { LoginThrottle } from './login-throttle.service';
import type { PermissionsService } from './permissions.service';
import type { SessionCache } from './session-cache';
import type { SessionActorRow, SessionsRepo } from './sessions.repo';
import type { UsersRepo } from './users.repo';

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/**
 * A user's own sign-in rules (the profile module's login security), consulted by login. Kept as an
 * interface here so identity does not depend on the module that implements it.
 */
export interface LoginPolicy {
  rulesFor(userId: number): Promise<{ alwaysCaptcha: boolean; allows: (ip: string) => boolean }>;
  /** After a successful login: new-address notice, access record use. Never fails the login. */
  afterLogin(user: { id: number; userName: string; email: string | null }, client: ClientInfo): Promise<void>;
}

interface AuthDeps {
  users: UsersRepo;
  sessions: SessionsRepo;
  throttle: LoginThrottle;
  permissions: PermissionsService;
  now: () => Date;
  /** Verifies the captcha a login must carry after repeated failures; without it none is ever demanded. */
  captcha?: Pick<CaptchaService, 'verify'> | undefined;
  policy?: LoginPolicy | undefined;
  /** Token → session row kept per instance (session-cache.ts); without it every request reads the database. */
  cache?: SessionCache | undefined;
}

/** What a login refusal says; `captcha_required` tells the form to show the captcha. */
export const captchaNeededInfo = 'please complete the human verification';
export const networkRefusedDetail = 'source address not in the allowed networks';

const refused = (info: string, captchaRequired: boolean) => new AppError(Code.loginRefused, info, captchaRequired ? { captcha_required: true } : null);

/** One answer for an unknown user, a wrong password and a disabled account. */
export const loginRefusedInfo = 'incorrect user name or password';

export function createAuthService({ users, sessions, throttle, permissions, now, captcha, policy, cache }: AuthDeps) {
  const rowOfToken = (tokenHash: string) =>
    cache ? cache.row(tokenHash, () => sessions.actorRowByTokenHash(tokenHash)) : sessions.actorRowByTokenHash(tokenHash);

  return {
    async login(input: LoginInput, tokenType: TokenType, client: ClientInfo): Promise<LoginResult> {
      const user = await users.findByLoginName(input.name);
      const accountKey = user ? `user:${user.id}` : `name:${input.name.toLowerCase()}`;
      await throttle.assertAllowed(accountKey, client.ip);
      const rules = user && policy ? await policy.rulesFor(user.id) : null;
      const captchaNeeded = async () => Boolean(captcha) && (rules?.alwaysCaptcha || (await throttle.captchaRequired(accountKey, client.ip)));
      if (await captchaNeeded()) {
        // A missing or wrong captcha counts as a failed login, so this address's back-off still comes.
        const solved = input.captcha_id && input.captcha_answer && captcha ? await captcha.verify(input.captcha_id, input.captcha_answer).then(() => true, () => false) : false;
        if (!solved) {
          await throttle.recordFailure(accountKey, client.ip);
          throw refused(captchaNeededInfo, true);
        }
      }
      // Checked before the password so an outside address learns nothing about it; the same refusal as a wrong password.
      const networkOk = !rules || rules.allows(client.ip);
      const passwordOk = user ? await verifyPassword(user.passwordHash, input.password) : await verifyDummy(input.password);
      if (!user || !passwordOk || user.disabled || !networkOk) {
        await throttle.recordFailure(accountKey, client.ip);
        throw refused(loginRefusedInfo, await captchaNeeded());
      }
      await throttle.recordSuccess(accountKey, client.ip);
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
      await policy?.afterLogin({ id: user.id, userName: user.userName, email: user.email }, client).catch(() => undefined);
      return { token, token_type: tokenType, expires_at: expiresAt.toISOString() };
    },

    /**
     * A further session for the same user (the cloud side's token, POST /keystone/cloud/token),
     * ending no later than the session it came from.
     */
    async issueDerivedSession(actor: Actor, client: ClientInfo): Promise<{ sessionId: number; token: string; expiresAt: Date }> {
      const parentEnd = (await sessions.findById(actor.sessionId))?.expiresAt ?? now();
      const token = newToken();
      const sessionId = await sessions.insertReturningId({
        tokenHash: hashToken(token),
        userId: actor.userId,
        tokenType: 'shortTerm',
        createdAt: now(),
        expiresAt: parentEnd,
        ip: client.ip,
        userAgent: client.userAgent.slice(0, 1000),
        parentSessionId: actor.sessionId,
      });
      return { sessionId, token, expiresAt: parentEnd };
    },

    /** Revokes sessions by id (the cloud sessions of a user). */
    async revokeSessions(ids: readonly number[]): Promise<void> {
      for (const id of ids) await sessions.revoke(id, now());
    },

    /**
     * A session for a user who proved who they are elsewhere (sign-in through an external provider,
     * the sso module); the same token and lifetime as a password login. Null for a disabled user.
     */
    async startExternalSession(userId: number, tokenType: TokenType, client: ClientInfo): Promise<LoginResult | null> {
      const user = await users.findWithGroup(userId);
      if (!user || user.user.disabled) return null;
      const token = newToken();
      const issuedAt = now();
      const expiresAt = new Date(issuedAt.getTime() + tokenLifetimeMs[tokenType]);
      await sessions.insert({ tokenHash: hashToken(token), userId, tokenType, createdAt: issuedAt, expiresAt, ip: client.ip, userAgent: client.userAgent.slice(0, 1000) });
      await users.touchLastLogin(userId, issuedAt);
      return { token, token_type: tokenType, expires_at: expiresAt.toISOString() };
    },

    async logout(actor: Actor): Promise<void> {
      await sessions.revoke(actor.sessionId, now());
    },

    /**
     * Token → actor; null for an unknown, expired or revoked token, a disabled user, or a switched
     * session whose real user is disabled or gone. From the instance's session cache when it has the row
     * (session-cache.ts: kept exact by the database's change notifications), else one database round trip
     * (sessions.repo actorQuery). Nothing is written here: every authenticated request passes this way.
     * Either way a revocation or a disabled user takes effect on the very next request, on every instance.
     */
    resolveToken: async (token: string): Promise<Actor | null> => actorOfSession(await rowOfToken(hashToken(token))),

    /** A live session's actor by id (tokens derived from a session, e.g. Scheduler-Token); null when it ended. */
    resolveSession: async (sessionId: number): Promise<Actor | null> => actorOfSession(await sessions.actorRowById(sessionId)),

    /** The session's end, for tokens that must not outlive it. */
    sessionExpiry: async (sessionId: number): Promise<Date | null> => (await sessions.findById(sessionId))?.expiresAt ?? null,
  };

  function actorOfSession(row: SessionActorRow | undefined): Actor | null {
    if (!row || row.revokedAt || row.expiresAt <= now() || row.disabled) return null;
    // a session started from another one ends with it: logout, password change, admin revocation (expiry is capped at insert)
    if (row.parentSessionId !== null && row.parentRevokedAt !== null) return null;
    let impersonator: Actor['impersonator'] = null;
    if (row.impersonatorUserId !== null) {
      // a switched-to session ends with its real user: disabled or deleted, nobody is behind it any more
      if (row.impersonatorUserName === null || row.impersonatorDisabled !== false) return null;
      impersonator = { userId: row.impersonatorUserId, userName: row.impersonatorUserName };
    }
    return {
      impersonator,
      userId: row.userId,
      userName: row.userName,
      status: row.status,
      permissions: permissions.effective(row.roleKeys, row.status),
      sessionId: row.sessionId,
      tokenType: row.tokenType,
    };
  }
}

export type AuthService = ReturnType<typeof createAuthService>;
