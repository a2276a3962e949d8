import type { UserInfo } from '@starlight/contract/users';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import type { UsersRepo } from './users.repo';

export function createUsersService({ users }: { users: UsersRepo }) {
  return {
    async self(actor: Actor): Promise<UserInfo> {
      const found = await users.findWithGroup(actor.userId);
      if (!found) throw notFound('user');
      const { user, groupName } = found;
      return {
        id: user.id,
        user_name: user.userName,
        uid: user.uid,
        group_id: user.groupId,
        group_name: groupName,
        status: user.status,
        email: user.email,
        telephone: user.telephone,
        real_name: user.realName,
        avatar: user.avatar,
        system_account: user.systemAccount,
        created_at: user.createdAt.toISOString(),
        last_login_at: user.lastLoginAt?.toISOString() ?? null,
      };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
