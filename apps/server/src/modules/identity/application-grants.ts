import { Code } from '@starlight/contract/codes';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { createAdminGroupsRepo } from './admin-groups.repo';
import { createAdminUsersRepo } from './admin-users.repo';

/**
 * Group membership written by an approval (issue 11: joining a group), inside the approval's
 * transaction. The user leaves their previous group (and its administration), as `addMember` does.
 */
export function createMembershipGrants(db: Database) {
  const groupOf = async (userId: number, on: Database) => (await createAdminUsersRepo(on).find(userId))?.user.groupId ?? null;
  return {
    /** Before the transaction: the group's id (1404 naming the field; 1409 when already a member). */
    async resolve(userId: number, groupName: string): Promise<number> {
      const group = await createAdminGroupsRepo(db).find(groupName);
      if (!group) throw new AppError(Code.notFound, `group ${groupName} not found`, { fields: [{ path: 'body.payload.group_name', message: 'no such group' }] });
      if ((await groupOf(userId, db)) === group.id) throw new AppError(Code.conflict, `already a member of ${groupName}`);
      return group.id;
    },
    async joinIn(tx: Database, userId: number, groupId: number): Promise<void> {
      await createAdminGroupsRepo(tx).setMembership(userId, groupId, await groupOf(userId, tx));
    },
  };
}

export type MembershipGrants = ReturnType<typeof createMembershipGrants>;
