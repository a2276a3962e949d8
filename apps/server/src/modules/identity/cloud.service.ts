import type { Actor } from '../../lib/actor';
import type { AuditRecorder } from '../audit/audit.service';
import type { AuthService, ClientInfo } from './auth.service';
import type { CloudSessionsRepo } from './cloud-sessions.repo';

interface CloudDeps {
  auth: AuthService;
  cloudSessions: CloudSessionsRepo;
  audit?: AuditRecorder | undefined;
  now: () => Date;
}

/**
 * The cloud side's sessions: a separate session of the same user (revocable on its own, ending with
 * the session it came from), remembered so logout can end them all.
 */
export function createCloudService({ auth, cloudSessions, audit, now }: CloudDeps) {
  return {
    async issue(actor: Actor, client: ClientInfo): Promise<{ token: string; expiresAt: Date }> {
      const issued = await auth.issueDerivedSession(actor, client);
      await cloudSessions.insert(issued.sessionId, actor.userId, now());
      await audit?.record({ action: 'cloud_token', result: 'ok', userId: actor.userId, userName: actor.userName, ...client });
      return { token: issued.token, expiresAt: issued.expiresAt };
    },

    /** Ends every cloud session of the user; answers how many. */
    async end(actor: Actor): Promise<number> {
      const ids = await cloudSessions.takeForUser(actor.userId);
      await auth.revokeSessions(ids);
      return ids.length;
    },
  };
}

export type CloudService = ReturnType<typeof createCloudService>;
