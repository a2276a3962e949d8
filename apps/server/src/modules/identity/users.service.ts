import type { UserInfo } from '@starlight/contract/users';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { userInfoOf } from './user-info';
import type { UsersRepo } from './users.repo';

export function createUsersService({ users }: { users: UsersRepo }) {
  return {
    async self(actor: Actor): Promise<UserInfo> {
      const found = await users.findWithGroup(actor.userId);
      if (!found) throw notFound('user');
      return userInfoOf(found);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
