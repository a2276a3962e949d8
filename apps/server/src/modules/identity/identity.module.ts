import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { createAccountsService } from './accounts.service';
import { createAuthService, type LoginPolicy } from './auth.service';
import { sec30Decryptor } from '../../lib/sec30';
import { createCloudSessionsRepo } from './cloud-sessions.repo';
import { cloudRoutes } from './cloud.routes';
import { createCloudService } from './cloud.service';
import { authRoutes } from './auth.routes';
import { createBootstrapService } from './bootstrap.service';
import { createGroupsRepo } from './groups.repo';
import type { ContactAccess } from '../verification/outbox.service';
import { createLoginFailuresRepo } from './login-failures.repo';
import { createLoginThrottle, type LoginThrottleSettings } from './login-throttle.service';
import { createPermissionsService } from './permissions.service';
import { createRolesRepo } from './roles.repo';
import { createSessionsRepo } from './sessions.repo';
import { createSessionCache } from './session-cache';
import type { ClusterBus } from '../../lib/cluster-bus';
import { createUsersRepo } from './users.repo';
import { createUsersService } from './users.service';
import { usersRoutes } from './users.routes';
import type { AuditRecorder } from '../audit/audit.service';
import type { SendMessage } from '../messages/send.service';
import type { CaptchaService } from '../verification/captcha.service';
import type { CodesService } from '../verification/codes.service';
import { createCredentialsRepo } from './credentials.repo';
import { createPasswordService } from './password.service';
import type { MailDriver } from '../../drivers/mail/interface';
import { auditWriter } from './admin-context';
import { createAdminGroupsRepo } from './admin-groups.repo';
import { createMembershipGrants } from './application-grants';
import { adminGroupsRoutes } from './admin-groups.routes';
import { createAdminGroupsService } from './admin-groups.service';
import { createAdminRolesRepo } from './admin-roles.repo';
import { adminRolesRoutes } from './admin-roles.routes';
import { createAdminRolesService } from './admin-roles.service';
import { createAdminScope } from './admin-scope';
import { createGrantGuard } from './grant-guard';
import { createAdminUsersRepo } from './admin-users.repo';
import { createAdminUsersService } from './admin-users.service';
import { createBulkUpdateService } from './bulk-update.service';
import { createImpersonationService } from './impersonation.service';
import { passwordRoutes } from './password.routes';
import { createRegistrationService } from './registration.service';
import { registrationRoutes } from './registration.routes';

export interface IdentityModuleDeps {
  db: Database;
  login: LoginThrottleSettings;
  initialAdminPassword: string | null;
  now?: () => Date;
  /** The verification module's services; without them registration and password resets are not served. */
  verification?: { captcha: CaptchaService; codes: CodesService; mail?: MailDriver };
  /** Logins, logouts, registrations and password changes are audited when given. */
  audit?: AuditRecorder;
  /** The messages module's send: the user is told of a password change. */
  send?: SendMessage;
  /** The user's own sign-in rules (profile module's login security), consulted at login. */
  loginPolicy?: LoginPolicy;
  /** SEC30: password fields arrive encrypted (spec §5) and are decrypted before validation. */
  passwordEncryption?: 'none' | 'SEC30';
  /** CLOUD_COOKIE_DOMAIN for the cloud session calls; null: they answer 11102. */
  cloudCookieDomain?: string | null;
  /** A self-registered account exists (the mall's points rule on registration). */
  onRegistered?: (userId: number) => Promise<void>;
  /** The cluster bus: with it token → session rows are kept per instance, exact by the database's change notifications. */
  bus?: Pick<ClusterBus, 'subscribe' | 'onResync' | 'sync'>;
}

/** Wires identity's repos → services → routes; app.ts registers `routes` and hands `auth` to the auth plugin. */
export function createIdentityModule(deps: IdentityModuleDeps) {
  const { db, login, initialAdminPassword, now = () => new Date(), verification, audit } = deps;
  const users = createUsersRepo(db);
  const roles = createRolesRepo(db);
  const groups = createGroupsRepo(db);
  const throttle = createLoginThrottle({ repo: createLoginFailuresRepo(db), settings: login, now });
  const permissions = createPermissionsService({ roles });
  const sessions = createSessionsRepo(db);
  const cache = deps.bus ? createSessionCache({ bus: deps.bus }) : undefined;
  const auth = createAuthService({ users, sessions, throttle, permissions, now, captcha: verification?.captcha, policy: deps.loginPolicy, cache });
  const decryptPasswords = sec30Decryptor(deps.passwordEncryption === 'SEC30', now);
  const usersService = createUsersService({ users });
  const accounts = createAccountsService({ users, roles, groups });
  const bootstrap = createBootstrapService({ accounts, initialAdminPassword });
  const admin = createAdministration();

  /** User, group, community and role administration, and account switching (README: Administration). */
  function createAdministration() {
    const adminUsers = createAdminUsersRepo(db);
    const adminGroups = createAdminGroupsRepo(db);
    const writeAudit = auditWriter(audit);
    const scope = createAdminScope({ adminUsers, permissions });
    const assertMayGrant = createGrantGuard({ adminUsers, audit: writeAudit });
    return {
      users: createAdminUsersService({ adminUsers, adminGroups, users, scope, permissions, audit: writeAudit, assertMayGrant, mail: verification?.mail, now }),
      groups: createAdminGroupsService({ adminGroups, adminUsers, scope, audit: writeAudit, assertMayGrant }),
      roles: createAdminRolesService({ adminRoles: createAdminRolesRepo(db), adminUsers, audit: writeAudit, assertMayGrant }),
      bulk: createBulkUpdateService({ users, adminUsers, adminGroups, audit: writeAudit, now }),
      impersonation: createImpersonationService({ users, sessions, scope, audit: writeAudit, now }),
      scope,
    };
  }

  /** For the outbox: an address with no account yet (a register code), or an account the actor may manage. */
  const contactAccess: ContactAccess = async (actor, channel, address) => {
    const credentials = createCredentialsRepo(db);
    const user = channel === 'email' ? await credentials.findByEmail(address) : await credentials.findByTelephone(address);
    return !user || admin.scope.mayManage(actor, user);
  };

  const routes: FastifyPluginAsyncZod = async (app) => {
    const loginSubject = async (name: string) => {
      const user = await users.findByLoginName(name);
      return user ? { id: user.id, userName: user.userName } : null;
    };
    await app.register(authRoutes, { auth, audit, loginSubject, decryptPasswords });
    const cloud = createCloudService({ auth, cloudSessions: createCloudSessionsRepo(db), audit, now });
    await app.register(cloudRoutes, { cloud, cookieDomain: deps.cloudCookieDomain ?? null });
    await app.register(usersRoutes, { users: usersService, adminUsers: admin.users, adminRoles: admin.roles, bulk: admin.bulk });
    await app.register(adminGroupsRoutes, { groups: admin.groups });
    await app.register(adminRolesRoutes, { roles: admin.roles, impersonation: admin.impersonation });
    if (verification) {
      const credentials = createCredentialsRepo(db);
      const registration = createRegistrationService({ users, credentials, accounts, ...verification, audit, onRegistered: deps.onRegistered });
      const passwords = createPasswordService({ credentials, codes: verification.codes, throttle, now, audit, send: deps.send });
      await app.register(registrationRoutes, { registration, codes: verification.codes, decryptPasswords });
      await app.register(passwordRoutes, { passwords, decryptPasswords });
    }
  };
  /** Group membership written by approvals, inside their transaction (modules/approvals). */
  const membershipGrants = createMembershipGrants(db);
  return { auth, accounts, bootstrap, permissions, contactAccess, routes, membershipGrants };
}

export type IdentityModule = ReturnType<typeof createIdentityModule>;
