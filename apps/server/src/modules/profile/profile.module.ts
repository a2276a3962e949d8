import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { MailDriver } from '../../drivers/mail/interface';
import type { AuditRecorder } from '../audit/audit.service';
import type { CodesService } from '../verification/codes.service';
import { createAccountService } from './account.service';
import { createAvatarStore } from './avatar-store';
import { createAvatarsRepo } from './avatars.repo';
import { createContactService } from './contact.service';
import { contactRoutes } from './contact.routes';
import { createKeysService } from './keys.service';
import { keysRoutes } from './keys.routes';
import { createProfileRepo } from './profile.repo';
import { profileRoutes } from './profile.routes';
import { createSecurityService } from './security.service';
import { securityRoutes } from './security.routes';

export interface ProfileModuleDeps {
  db: Database;
  dataDir: string;
  codes: CodesService;
  mail: Pick<MailDriver, 'send'>;
  audit?: AuditRecorder | undefined;
  log: (error: unknown, context: string) => void;
  now?: () => Date;
  /** The user has just confirmed both an e-mail and a phone by code (the mall's points rule on verification). */
  onVerified?: (userId: number) => Promise<void>;
}

/**
 * The user's own account. Built before identity: `security.policy` is identity's LoginPolicy
 * (always-captcha, allowed networks, new-address notice at login).
 */
export function createProfileModule({ db, dataDir, codes, mail, audit, log, now = () => new Date(), onVerified }: ProfileModuleDeps) {
  const repo = createProfileRepo(db);
  const avatars = createAvatarStore(createAvatarsRepo(db));
  const account = createAccountService({ repo, avatars, audit, now });
  const keys = createKeysService({ repo, audit, now });
  const contact = createContactService({ repo, codes, audit, now, onVerified });
  const security = createSecurityService({ repo, mail, audit, now, log });

  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(profileRoutes, { account, keys, avatars });
    await app.register(keysRoutes, { keys });
    await app.register(contactRoutes, { contact });
    await app.register(securityRoutes, { security });
  };
  return {
    loginPolicy: security.policy,
    routes,
    /** Start-up: avatars an earlier version kept in DATA_DIR/avatars move into the database. */
    importAvatars: () => avatars.importFromDisk(dataDir),
  };
}
