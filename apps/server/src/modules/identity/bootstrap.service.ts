import { newPassword } from '../../lib/secrets';
import type { AccountsService } from './accounts.service';
import { builtinRoles, platformAdminRole } from './builtin-roles';

export const firstAdminName = 'admin';

export interface BootstrapResult {
  /** Set only on the start that created the first administrator. */
  admin: { userName: string; password: string; passwordFromConfig: boolean } | null;
}

/**
 * Start-up: brings the builtin roles in line with their definitions, and on an empty users table
 * creates the first platform administrator with a one-time random password (no default password).
 */
export function createBootstrapService({ accounts, initialAdminPassword }: { accounts: AccountsService; initialAdminPassword: string | null }) {
  return {
    async run(): Promise<BootstrapResult> {
      for (const role of builtinRoles)
        await accounts.defineRole({ name: role.name, description: role.description, builtin: true }, role.keys);
      if ((await accounts.countUsers()) > 0) return { admin: null };
      const password = initialAdminPassword ?? newPassword();
      const id = await accounts.createUser({ userName: firstAdminName, password, realName: 'Administrator', roles: [platformAdminRole] });
      // null: another instance starting at the same moment created it first.
      if (id === null) return { admin: null };
      return { admin: { userName: firstAdminName, password, passwordFromConfig: initialAdminPassword !== null } };
    },
  };
}

export type BootstrapService = ReturnType<typeof createBootstrapService>;
