import type { Community, Group, GroupDetail } from '@starlight/contract/admin';
import type { List } from '@starlight/contract/envelope';
import { Code } from '@starlight/contract/codes';
import { isReservedNamespace, validationMessages } from '@starlight/contract/validators';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import type { AdminGroupsRepo } from './admin-groups.repo';
import { conflict, holds, type AdminContext, type AuditWriter } from './admin-context';
import { inScope, type AdminScope } from './admin-scope';
import type { AdminUsersRepo } from './admin-users.repo';
import { toAdminUser } from './admin-users.service';
import { communityAdminRole } from './builtin-roles';
import { builtinKeys, type GrantGuard } from './grant-guard';

type GroupRow = NonNullable<Awaited<ReturnType<AdminGroupsRepo['find']>>>;
type CommunityRow = NonNullable<Awaited<ReturnType<AdminGroupsRepo['findCommunity']>>>;

const toGroup = (row: GroupRow): Group => ({
  id: row.id,
  name: row.name,
  description: row.description,
  member_count: row.memberCount,
  admins: row.admins,
  community_name: row.communityName,
  created_at: new Date(row.createdAt).toISOString(),
});

const toCommunity = (row: CommunityRow): Community => ({
  id: row.id,
  name: row.name,
  description: row.description,
  groups: row.groups.map((g) => g.name),
  admins: row.admins.map((a) => a.name),
  created_at: row.createdAt.toISOString(),
});

interface Deps {
  adminGroups: AdminGroupsRepo;
  adminUsers: AdminUsersRepo;
  scope: AdminScope;
  audit: AuditWriter;
  assertMayGrant: GrantGuard;
}

/** Groups (group-manage, group-info) and communities (community-manage). */
export function createAdminGroupsService({ adminGroups, adminUsers, scope, audit, assertMayGrant }: Deps) {
  async function groupOr404(ref: string | number): Promise<GroupRow> {
    const row = await adminGroups.find(ref);
    if (!row) throw notFound('group');
    return row;
  }
  async function communityOr404(ref: string | number): Promise<CommunityRow> {
    const row = await adminGroups.findCommunity(ref);
    if (!row) throw notFound('community');
    return row;
  }
  async function userOr404(name: string) {
    const row = await adminUsers.find(name);
    if (!row) throw notFound('user');
    return row;
  }
  /** The communities the actor may read: all (query_all_user), the ones they administer, else those of their group. */
  async function readableCommunityIds(ctx: AdminContext, userGroupId: number | null): Promise<number[] | 'all'> {
    if (holds(ctx.actor, 'query_all_user', 'manage_all_user')) return 'all';
    const ids = new Set(await adminGroups.communityIdsAdministeredBy(ctx.actor.userId));
    if (userGroupId !== null) {
      const own = await adminGroups.find(userGroupId);
      const community = own?.communityName ? await adminGroups.findCommunity(own.communityName) : undefined;
      if (community) ids.add(community.id);
    }
    return [...ids];
  }

  return {
    async list(ctx: AdminContext, query: { page: number; page_size: number; field_lk_name?: string | undefined }): Promise<List<Group>> {
      const { list, total } = await adminGroups.list(await scope.readable(ctx.actor), query.field_lk_name, query.page_size, (query.page - 1) * query.page_size);
      return { list: list.map(toGroup), total };
    },

    async detail(ctx: AdminContext, name: string): Promise<GroupDetail> {
      const group = await groupOr404(name);
      if (!inScope(await scope.readable(ctx.actor), group.id)) throw forbidden();
      return { ...toGroup(group), members: (await adminUsers.membersOf(group.id)).map(toAdminUser) };
    },

    async create(ctx: AdminContext, input: { name: string; description: string }): Promise<Group> {
      // group and user names share the image hub's namespaces: a group named like a user (or `library`) would take its images
      if (isReservedNamespace(input.name)) throw new AppError(Code.invalidInput, validationMessages.usernameReserved, { fields: [{ path: 'body.name', message: 'reserved' }] });
      // (a user name is never digits only; find() would read digits as an id)
      if (!/^\d+$/.test(input.name) && (await adminUsers.find(input.name.toLowerCase())))
        throw new AppError(Code.conflict, 'The group name is the name of a user', { fields: [{ path: 'body.name', message: 'the name of a user' }] });
      const id = await adminGroups.create(input.name, input.description);
      if (id === null) throw new AppError(Code.conflict, 'a group with this name exists', { fields: [{ path: 'body.name', message: 'taken' }] });
      await audit(ctx, 'group_create', `group:${input.name}`);
      return toGroup(await groupOr404(id));
    },

    async update(ctx: AdminContext, id: number, description: string): Promise<Group> {
      const group = await groupOr404(id);
      await adminGroups.update(id, description);
      await audit(ctx, 'group_update', `group:${group.name}`, 'description');
      return toGroup(await groupOr404(id));
    },

    /** Only an empty group goes: members first move elsewhere, so nobody loses their group unnoticed. */
    async remove(ctx: AdminContext, id: number): Promise<void> {
      const group = await groupOr404(id);
      if (group.memberCount > 0) throw conflict('the group still has members; move them first');
      await adminGroups.delete(id);
      await audit(ctx, 'group_delete', `group:${group.name}`);
    },

    async addMember(ctx: AdminContext, id: number, userName: string): Promise<GroupDetail> {
      const group = await groupOr404(id);
      const user = await userOr404(userName);
      if (user.user.groupId !== group.id) {
        await adminGroups.setMembership(user.user.id, group.id, user.user.groupId);
        await audit(ctx, 'group_member_add', `user:${user.user.userName}`, `group ${group.name}${user.groupName ? ` (was ${user.groupName})` : ''}`);
      }
      return this.detail(ctx, group.name);
    },

    async removeMember(ctx: AdminContext, id: number, userName: string): Promise<GroupDetail> {
      const group = await groupOr404(id);
      const user = await userOr404(userName);
      if (user.user.groupId !== group.id) throw notFound('member');
      await adminGroups.setMembership(user.user.id, null, group.id);
      await audit(ctx, 'group_member_remove', `user:${user.user.userName}`, `group ${group.name}`);
      return this.detail(ctx, group.name);
    },

    // ---- communities ----
    async communities(ctx: AdminContext, query: { page: number; page_size: number; field_lk_name?: string | undefined }): Promise<List<Community>> {
      const me = await adminUsers.find(ctx.actor.userId);
      const ids = await readableCommunityIds(ctx, me?.user.groupId ?? null);
      const { list, total } = await adminGroups.listCommunities(ids, query.field_lk_name, query.page_size, (query.page - 1) * query.page_size);
      return { list: list.map(toCommunity), total };
    },

    async community(ctx: AdminContext, name: string): Promise<Community> {
      const community = await communityOr404(name);
      if (!holds(ctx.actor, 'query_all_user', 'manage_all_user') && !community.admins.some((a) => a.id === ctx.actor.userId)) throw forbidden();
      return toCommunity(community);
    },

    async createCommunity(ctx: AdminContext, input: { name: string; description: string }): Promise<Community> {
      const id = await adminGroups.createCommunity(input.name, input.description);
      if (id === null) throw conflict('a community with this name exists');
      await audit(ctx, 'community_create', `community:${input.name}`);
      return toCommunity(await communityOr404(id));
    },

    async updateCommunity(ctx: AdminContext, id: number, description: string): Promise<Community> {
      const community = await communityOr404(id);
      await adminGroups.updateCommunity(id, description);
      await audit(ctx, 'community_update', `community:${community.name}`, 'description');
      return toCommunity(await communityOr404(id));
    },

    async removeCommunity(ctx: AdminContext, id: number): Promise<void> {
      const community = await communityOr404(id);
      await adminGroups.deleteCommunity(id);
      await audit(ctx, 'community_delete', `community:${community.name}`, `groups: ${community.groups.map((g) => g.name).join(', ')}`);
    },

    async addCommunityGroup(ctx: AdminContext, id: number, groupName: string): Promise<Community> {
      const community = await communityOr404(id);
      const group = await groupOr404(groupName);
      if (!(await adminGroups.addCommunityGroup(id, group.id))) {
        if (group.communityName === community.name) return toCommunity(community);
        throw conflict(`the group already belongs to community ${group.communityName ?? ''}`);
      }
      await audit(ctx, 'community_group_add', `group:${group.name}`, `community ${community.name}`);
      return toCommunity(await communityOr404(id));
    },

    async removeCommunityGroup(ctx: AdminContext, id: number, groupName: string): Promise<Community> {
      const community = await communityOr404(id);
      const group = await groupOr404(groupName);
      if (!(await adminGroups.removeCommunityGroup(id, group.id))) throw notFound('community group');
      await audit(ctx, 'community_group_remove', `group:${group.name}`, `community ${community.name}`);
      return toCommunity(await communityOr404(id));
    },

    async addCommunityAdmin(ctx: AdminContext, id: number, userName: string): Promise<Community> {
      const community = await communityOr404(id);
      const user = await userOr404(userName);
      if (user.user.disabled) throw conflict('the user is disabled');
      await assertMayGrant(ctx, { action: 'community_admin_add', target: `user:${user.user.userName}`, detail: `community ${community.name}`, keys: builtinKeys(communityAdminRole) });
      if (await adminGroups.addCommunityAdmin(id, user.user.id))
        await audit(ctx, 'community_admin_add', `user:${user.user.userName}`, `community ${community.name}`);
      return toCommunity(await communityOr404(id));
    },

    async removeCommunityAdmin(ctx: AdminContext, id: number, userName: string): Promise<Community> {
      const community = await communityOr404(id);
      const user = await userOr404(userName);
      if (!(await adminGroups.removeCommunityAdmin(id, user.user.id))) throw notFound('community administrator');
      await audit(ctx, 'community_admin_remove', `user:${user.user.userName}`, `community ${community.name}`);
      return toCommunity(await communityOr404(id));
    },
  };
}

export type AdminGroupsService = ReturnType<typeof createAdminGroupsService>;
