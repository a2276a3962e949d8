import { Code } from '@starlight/contract/codes';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { createAppsRepo } from './apps.repo';

/**
 * Publishing an app by approval (issue 11): the applicant's own app becomes `public` inside the
 * approval's transaction. Only the app's owner (a user- or group-owned app they own) may apply.
 */
export function createAppPublishGrants(db: Database) {
  const field = 'body.payload.app_name';
  return {
    /** Before the transaction: the app's id. 1404 when missing (or another's app not public), 1403 when not the applicant's, 1409 when public already. */
    async resolve(applicantId: number, appName: string): Promise<number> {
      const app = await createAppsRepo(db).byName(appName);
      if (!app || (app.visibility !== 'public' && app.ownerUserId !== applicantId))
        throw new AppError(Code.notFound, `app ${appName} not found`, { fields: [{ path: field, message: 'no such app' }] });
      if (app.ownerKind === 'platform' || app.ownerUserId !== applicantId)
        throw new AppError(Code.forbidden, `app ${appName} is not yours`, { fields: [{ path: field, message: 'only the owner of an app may apply to publish it' }] });
      if (app.visibility === 'public') throw new AppError(Code.conflict, `app ${appName} is public already`, { fields: [{ path: field, message: 'public already' }] });
      return app.id;
    },
    async publishIn(tx: Database, appId: number, at: Date): Promise<void> {
      await createAppsRepo(tx).update(appId, { visibility: 'public', updatedAt: at });
    },
  };
}

export type AppPublishGrants = ReturnType<typeof createAppPublishGrants>;
