import { Code } from '@starlight/contract/codes';
import { hasAnyPermission, hasStatusBit, StatusBit } from '@starlight/contract/permissions';
import { avatarLimits, profileMessages, type SelfUpdateInput, type UserHome, type UserProfile, type UserProfileInput, type UserStatus } from '@starlight/contract/profile';
import type { UserInfo } from '@starlight/contract/users';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import type { AuditRecorder } from '../audit/audit.service';
import { userInfoOf } from '../identity/user-info';
import { imageKindOf, type AvatarStore } from './avatar-store';
import { fieldError } from './field-error';
import type { ProfileRepo } from './profile.repo';

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

interface AccountDeps {
  repo: ProfileRepo;
  avatars: AvatarStore;
  audit?: AuditRecorder | undefined;
  now: () => Date;
}

type Found = NonNullable<Awaited<ReturnType<ProfileRepo['findUser']>>>;

type ProfileRow = Awaited<ReturnType<ProfileRepo['profileOf']>>;
const profileOf = (user: Found['user'], groupName: string | null, profile: ProfileRow | null): UserProfile => ({
  id: user.id,
  user_name: user.userName,
  real_name: user.realName,
  avatar: user.avatar,
  organization: profile?.organization ?? '',
  title: profile?.title ?? '',
  bio: profile?.bio ?? '',
  group_name: groupName,
  updated_at: profile?.updatedAt.toISOString() ?? null,
});

/** Spec §4 account verification display: by e-mail, by phone, by both, or none (a warning). */
export const verifiedBy = (user: { email: string | null; telephone: string | null }): UserHome['verified'] =>
  user.email && user.telephone ? 'both' : user.email ? 'email' : user.telephone ? 'phone' : 'none';

/**
 * The user's own account: user info edits, avatar, profile card, status bits, landing info, who
 * handles them, cloud binding. Profiles of others: self, group mates and the groups one administers;
 * everyone with query_all_user. Anything else is "not found", so ids do not reveal users.
 */
export function createAccountService({ repo, avatars, audit, now }: AccountDeps) {
  const mustFind = async (id: number): Promise<Found> => {
    const found = await repo.findUser(id);
    if (!found) throw notFound('user');
    return found;
  };
  const record = (actor: Actor, action: Parameters<AuditRecorder['record']>[0]['action'], client: ClientInfo, detail = '') =>
    audit?.record({ action, result: 'ok', userId: actor.userId, userName: actor.userName, ...client, detail });
  const canSeeAll = (actor: Actor) => hasAnyPermission(['query_all_user'], actor.permissions);

  return {
    async self(actor: Actor): Promise<UserInfo> {
      return userInfoOf(await mustFind(actor.userId));
    },

    async updateSelf(actor: Actor, input: SelfUpdateInput, client: ClientInfo): Promise<UserInfo> {
      await repo.updateUser(actor.userId, { realName: input.real_name === '' ? null : input.real_name }, now());
      await record(actor, 'profile_change', client, 'real_name');
      return userInfoOf(await mustFind(actor.userId));
    },

    async setAvatar(actor: Actor, bytes: Buffer, client: ClientInfo): Promise<{ avatar: string }> {
      if (bytes.length === 0) throw fieldError('body', profileMessages.avatarType);
      if (bytes.length > avatarLimits.maxBytes) throw fieldError('body', profileMessages.avatarSize);
      const kind = imageKindOf(bytes);
      if (!kind) throw fieldError('body', profileMessages.avatarType);
      const { user } = await mustFind(actor.userId);
      const avatar = await avatars.save(actor.userId, bytes, kind);
      await repo.updateUser(actor.userId, { avatar }, now());
      await avatars.remove(user.avatar);
      await record(actor, 'avatar_change', client);
      return { avatar };
    },

    async profile(actor: Actor): Promise<UserProfile> {
      const { user, groupName } = await mustFind(actor.userId);
      return profileOf(user, groupName, (await repo.profileOf(actor.userId)) ?? null);
    },

    async createProfile(actor: Actor, input: UserProfileInput, client: ClientInfo): Promise<UserProfile> {
      if (!(await repo.insertProfile(actor.userId, input, now()))) throw new AppError(Code.conflict, profileMessages.profileExists);
      await record(actor, 'profile_change', client, 'profile created');
      return this.profile(actor);
    },

    async updateProfile(actor: Actor, input: UserProfileInput, client: ClientInfo): Promise<UserProfile> {
      await repo.upsertProfile(actor.userId, input, now());
      await record(actor, 'profile_change', client, Object.keys(input).join(','));
      return this.profile(actor);
    },

    async profileById(actor: Actor, id: number): Promise<UserProfile> {
      if (id !== actor.userId && !canSeeAll(actor) && !(await repo.visibleUserIds(actor.userId)).includes(id)) throw notFound('user');
      const found = await mustFind(id);
      return profileOf(found.user, found.groupName, (await repo.profileOf(id)) ?? null);
    },

    async profiles(actor: Actor, query: { page: number; page_size: number; field_lk_user_name?: string | undefined }) {
      const ids = canSeeAll(actor) ? null : await repo.visibleUserIds(actor.userId);
      const { list, total } = await repo.listProfiles({ ids, nameLike: query.field_lk_user_name }, query.page_size, (query.page - 1) * query.page_size);
      return { list: list.map((row) => profileOf(row.user, row.groupName, row.profile)), total };
    },

    async status(actor: Actor): Promise<UserStatus> {
      const { user } = await mustFind(actor.userId);
      const bits = [
        { bit: StatusBit.boundAccount, name: 'bound_account' },
        { bit: StatusBit.cloudBound, name: 'cloud_bound' },
      ].map((b) => ({ ...b, set: hasStatusBit(user.status, b.bit) }));
      return { status: user.status, bound: bits[0]?.set ?? false, cloud_bound: bits[1]?.set ?? false, bits };
    },

    async home(actor: Actor, hasSshKey: boolean): Promise<UserHome> {
      const { user, groupName } = await mustFind(actor.userId);
      const previous = await repo.previousSession(actor.userId, actor.sessionId);
      const bound = hasStatusBit(user.status, StatusBit.boundAccount);
      return {
        user_name: user.userName,
        // an unbound user's first task is binding (spec §4): the dashboard offers it
        landing_path: bound ? '/dashboard' : '/user-center/bind-account',
        bound,
        system_account: user.systemAccount,
        group_name: groupName,
        verified: verifiedBy(user),
        last_login_at: previous?.createdAt.toISOString() ?? null,
        last_login_ip: previous?.ip || null,
        has_ssh_key: hasSshKey,
      };
    },

    async handler(actor: Actor) {
      const { user, groupName } = await mustFind(actor.userId);
      const admins = user.groupId === null ? [] : await repo.groupAdminsOf(user.groupId);
      return {
        group_name: groupName,
        handlers: admins.map((a) => ({ id: a.id, user_name: a.userName, real_name: a.realName, email: a.email })),
      };
    },

    /** Sets status bit 64 (spec §6 cloud-bound). Already set: 11102, nothing changes. */
    async bindCloud(actor: Actor, client: ClientInfo): Promise<{ status: number; changed: boolean }> {
      const { user } = await mustFind(actor.userId);
      if (hasStatusBit(user.status, StatusBit.cloudBound)) return { status: user.status, changed: false };
      const status = await repo.setStatusBits(actor.userId, StatusBit.cloudBound, now());
      await record(actor, 'cloud_bind', client);
      return { status, changed: true };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
