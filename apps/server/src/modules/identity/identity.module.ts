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

export interface IdentityModuleDeps {
  db: Database;
  login: LoginThrottleSettings;
  initialAdminPassword: string | null;
  now?: () => Date;
}

/** Wires identity's repos → services → routes; app.ts registers `routes` and hands `auth` to the auth plugin. */
export function createIdentityModule({ db, login, initialAdminPassword, now = () => new Date() }: IdentityModuleDeps) {
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
    await app.register(authRoutes, { auth });
    await app.register(usersRoutes, { users: usersService });
  };
  return { auth, accounts, bootstrap, permissions, routes };
}

export type IdentityModule = ReturnType<typeof createIdentityModule>;
