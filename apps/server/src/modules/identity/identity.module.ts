import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { createAccountsService } from './accounts.service';
import { createAuthService } from './auth.service';
import { authRoutes } from './auth.routes';
import { createBootstrapService } from './bootstrap.service';
import { createGroupsRepo } from './groups.repo';
import { createLoginFailuresRepo } from './login-failures.repo';
import { createLoginThrottle, type LoginThrottleSettings } from './login-throttle.service';
import { createPermissionsService } from './permissions.service';
import { createRolesRepo } from './roles.repo';
import { createSessionsRepo } from './sessions.repo';
import { createUsersRepo } from './users.repo';
import { createUsersService } from './users.service';
import { usersRoutes } from './users.routes';
import type { AuditRecorder } from '../audit/audit.service';
import type { CaptchaService } from '../verification/captcha.service';
import type { CodesService } from '../verification/codes.service';
import { createCredentialsRepo } from './credentials.repo';
import { createPasswordService } from './password.service';
import { passwordRoutes } from './password.routes';
import { createRegistrationService } from './registration.service';
import { registrationRoutes } from './registration.routes';

export interface IdentityModuleDeps {
  db: Database;
  login: LoginThrottleSettings;
  initialAdminPassword: string | null;
  now?: () => Date;
  /** The verification module's services; without them registration and password resets are not served. */
  verification?: { captcha: CaptchaService; codes: CodesService };
  /** Logins, logouts, registrations and password changes are audited when given. */
  audit?: AuditRecorder;
}

/** Wires identity's repos → services → routes; app.ts registers `routes` and hands `auth` to the auth plugin. */
export function createIdentityModule({ db, login, initialAdminPassword, now = () => new Date(), verification, audit }: IdentityModuleDeps) {
  const users = createUsersRepo(db);
  const roles = createRolesRepo(db);
  const groups = createGroupsRepo(db);
  const throttle = createLoginThrottle({ repo: createLoginFailuresRepo(db), settings: login, now });
  const permissions = createPermissionsService({ roles });
  const auth = createAuthService({ users, sessions: createSessionsRepo(db), throttle, permissions, now });
  const usersService = createUsersService({ users });
  const accounts = createAccountsService({ users, roles, groups });
  const bootstrap = createBootstrapService({ accounts, initialAdminPassword });

  const routes: FastifyPluginAsyncZod = async (app) => {
    const loginSubject = async (name: string) => {
      const user = await users.findByLoginName(name);
      return user ? { id: user.id, userName: user.userName } : null;
    };
    await app.register(authRoutes, { auth, audit, loginSubject });
    await app.register(usersRoutes, { users: usersService });
    if (verification) {
      const credentials = createCredentialsRepo(db);
      const registration = createRegistrationService({ users, credentials, accounts, ...verification, audit });
      const passwords = createPasswordService({ credentials, codes: verification.codes, throttle, now, audit });
      await app.register(registrationRoutes, { registration, codes: verification.codes });
      await app.register(passwordRoutes, { passwords });
    }
  };
  return { auth, accounts, bootstrap, permissions, routes };
}

export type IdentityModule = ReturnType<typeof createIdentityModule>;
