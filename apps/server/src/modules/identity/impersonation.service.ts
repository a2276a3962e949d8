import { Code } from '@starlight/contract/codes';
import { tokenLifetimeMs } from '@starlight/contract/auth';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { hashToken, newToken } from '../../lib/secrets';
import { conflict, fieldError, type AdminContext, type AuditWriter } from './admin-context';
import type { AdminScope } from './admin-scope';
import type { SessionsRepo } from './sessions.repo';
import type { UsersRepo } from './users.repo';

interface Deps {
  users: UsersRepo;
  sessions: SessionsRepo;
  scope: AdminScope;
  audit: AuditWriter;
  now: () => Date;
}

/**
 * Spec §4 account switching. A holder of change_user gets a new short-term session as another
 * user; the session keeps the real user (sessions.impersonator_user_id), every request made with
 * it is audited with both names, and it ends with the session it was started from (parent_session_id:
 * logout, revocation, expiry) and with any password change of the real user (credentials.setPassword).
 * Refused: switching to yourself (1400), an unknown user (1404), a disabled user (1409), a user
 * holding a key you lack (1403: no gaining power by switching), and switching again from a
 * switched session (1403: switch back first, so the trail has one real user).
 */
export function createImpersonationService({ users, sessions, scope, audit, now }: Deps) {
  return {
    async start(ctx: AdminContext, userName: string): Promise<string> {
      if (ctx.actor.impersonator) throw new AppError(Code.forbidden, 'switch back to your own account first');
      const target = await users.findByUserName(userName.toLowerCase());
      if (!target) throw notFound('user');
      if (target.id === ctx.actor.userId) throw fieldError('body.user_name', 'you cannot switch to yourself');
      if (target.disabled) throw conflict('the user is disabled');
      if (await scope.outranks(target, ctx.actor)) {
        await audit(ctx, 'impersonation_start', `user:${target.userName}`, 'refused: the user holds keys you lack', 'failed');
        throw forbidden();
      }
      const own = await sessions.findById(ctx.actor.sessionId);
      const issuedAt = now();
      const limit = issuedAt.getTime() + tokenLifetimeMs.shortTerm;
      const expiresAt = new Date(Math.min(limit, own?.expiresAt.getTime() ?? limit));
      const token = newToken();
      await sessions.insert({
        tokenHash: hashToken(token),
        userId: target.id,
        tokenType: 'shortTerm',
        createdAt: issuedAt,
        expiresAt,
        ip: ctx.ip,
        userAgent: ctx.userAgent.slice(0, 1000),
        impersonatorUserId: ctx.actor.userId,
        parentSessionId: ctx.actor.sessionId,
      });
      await audit(ctx, 'impersonation_start', `user:${target.userName}`);
      return token;
    },

    /** Ends the switched session the request was made with (the web then restores the base token). */
    async stop(ctx: AdminContext): Promise<void> {
      const real = ctx.actor.impersonator;
      if (!real) throw conflict('this session is not a switched account');
      await sessions.revoke(ctx.actor.sessionId, now());
      await audit(
        { ...ctx, actor: { ...ctx.actor, userId: real.userId, userName: real.userName, impersonator: null } },
        'impersonation_stop',
        `user:${ctx.actor.userName}`,
      );
    },
  };
}

export type ImpersonationService = ReturnType<typeof createImpersonationService>;
