import type { UserInfo } from '@starlight/contract/users';
import type { users } from '../../db/schema/identity';

/** A user row joined with its group's name, as the self-view calls (`/user/`, the profile's account) answer it. */
export interface UserWithGroup {
  user: typeof users.$inferSelect;
  groupName: string | null;
}

export const userInfoOf = ({ user, groupName }: UserWithGroup): UserInfo => ({
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
});
