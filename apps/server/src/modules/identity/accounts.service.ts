import type { PermissionKey } from '@starlight/contract/permissions';
import { hashPassword } from '../../lib/passwords';
import type { GroupsRepo } from './groups.repo';
import type { RolesRepo } from './roles.repo';
import type { UserRow, UsersRepo } from './users.repo';

export interface NewAccount {
  userName: string;
  password: string;
  email?: string | null;
  telephone?: string | null;
  realName?: string | null;
  status?: number;
  systemAccount?: string | null;
  groupId?: number | null;
  roles?: readonly string[];
}

/** Creating users, groups and roles: used by bootstrap and the demo seed (and later by admin calls). */
export function createAccountsService({ users, roles, groups }: { users: UsersRepo; roles: RolesRepo; groups: GroupsRepo }) {
  return {
    countUsers: () => users.count(),
    registeredBetween: (from: Date, to: Date) => users.registeredBetween(from, to),

    async findUserId(userName: string): Promise<number | null> {
      return (await users.findByUserName(userName))?.id ?? null;
    },

    /** The new user's id, or null when the user name, e-mail or phone is already taken. */
    async createUser(account: NewAccount): Promise<number | null> {
      const roleIds = await roles.idsByName(account.roles ?? []);
      const row = await users.insertWithRoles(
        {
          userName: account.userName,
          passwordHash: await hashPassword(account.password),
          email: account.email?.toLowerCase() ?? null,
          telephone: account.telephone ?? null,
          realName: account.realName ?? null,
          status: account.status ?? 0,
          systemAccount: account.systemAccount ?? null,
          groupId: account.groupId ?? null,
        },
        [...roleIds.values()],
      );
      return row?.id ?? null;
    },

    async findUser(userName: string): Promise<{ id: number; status: number; systemAccount: string | null } | null> {
      const row = await users.findByUserName(userName);
      return row ? { id: row.id, status: row.status, systemAccount: row.systemAccount } : null;
    },

    /** A user's public profile by id (the OpenID provider's claims, single sign-on); null when absent. */
    async profileOf(userId: number): Promise<AccountProfile | null> {
      const row = await users.findWithGroup(userId);
      return row ? profileOfRow(row.user) : null;
    },

    /** The user an e-mail belongs to (linking an external sign-in by verified e-mail); null when none. */
    async profileByEmail(email: string): Promise<AccountProfile | null> {
      const row = await users.findByLoginName(email.toLowerCase());
      return row && row.email === email.toLowerCase() ? profileOfRow(row) : null;
    },

    /** Bound (status bit 1 + system_account) or unbound (null); false when the account is another user's. */
    setSystemAccount: (userId: number, systemAccount: string | null) => users.setSystemAccount(userId, systemAccount),

    /** Users of this user's group and of the groups they administer, themselves included (group job lists). */
    groupMateIds: (userId: number) => users.groupMateIds(userId),

    defineRole: (role: { name: string; description: string; builtin: boolean }, keys: readonly PermissionKey[]) =>
      roles.upsert(role, keys),

    ensureGroup: (name: string, description: string) => groups.ensure(name, description),

    addGroupAdmin: (groupId: number, userId: number) => groups.addAdmin(groupId, userId),

    /** Group names the user may see reports of: their own, administered, and their communities' groups. */
    visibleGroupNames: (userId: number) => groups.namesVisibleTo(userId),

    /** group name → community name, for the groups that are in a community. */
    communityByGroup: async (): Promise<Map<string, string>> => new Map((await groups.communityByGroup()).map((r) => [r.group, r.community])),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
/** What single sign-on may tell a third-party site about a user. */
export interface AccountProfile {
  id: number;
  userName: string;
  email: string | null;
  telephone: string | null;
  realName: string | null;
  status: number;
  disabled: boolean;
  updatedAt: Date;
}

const profileOfRow = (row: UserRow): AccountProfile => ({
  id: row.id,
  userName: row.userName,
  email: row.email,
  telephone: row.telephone,
  realName: row.realName,
  status: row.status,
  disabled: row.disabled,
  updatedAt: row.updatedAt,
});

