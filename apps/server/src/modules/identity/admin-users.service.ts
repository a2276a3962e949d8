import type { z } from 'zod';
import type {
  AdminUser,
  createUserInputSchema,
  deleteUserQuerySchema,
  UpdateUserInput,
  UserDetail,
  UserListQuery,
} from '@starlight/contract/admin';
import { Code } from '@starlight/contract/codes';
import type { List } from '@starlight/contract/envelope';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import { newPassword } from '../../lib/secrets';
import type { MailDriver } from '../../drivers/mail/interface';
import type { AdminGroupsRepo } from './admin-groups.repo';
import { nameTakenByGroup } from './registration.service';
import { conflict, fieldError, holds, type AdminContext, type AuditWriter } from './admin-context';
import { inScope, type AdminScope } from './admin-scope';
import type { AdminUsersRepo } from './admin-users.repo';
import type { PermissionsService } from './permissions.service';
import type { UsersRepo } from './users.repo';
import { groupAdminRole } from './builtin-roles';
import { builtinKeys, type GrantGuard } from './grant-guard';

type UserRow = NonNullable<Awaited<ReturnType<AdminUsersRepo['find']>>>;

export function toAdminUser({ user, groupName, groupAdmin }: UserRow): AdminUser {
  return {
    id: user.id,
    user_name: user.userName,
    real_name: user.realName,
    email: user.email,
    telephone: user.telephone,
    group_id: user.groupId,
    group_name: groupName,
    status: user.status,
    system_account: user.systemAccount,
    disabled: user.disabled,
    group_admin: Boolean(groupAdmin),
    created_at: user.createdAt.toISOString(),
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
  };
}

interface Deps {
  adminUsers: AdminUsersRepo;
  adminGroups: AdminGroupsRepo;
  users: UsersRepo;
  scope: AdminScope;
  permissions: PermissionsService;
  audit: AuditWriter;
  assertMayGrant: GrantGuard;
  mail?: MailDriver | undefined;
  now: () => Date;
}

/** User administration (user-manage, user-detail): listing, creating, editing, disabling, deleting. */
export function createAdminUsersService({ adminUsers, adminGroups, users, scope, permissions, audit, assertMayGrant, mail, now }: Deps) {
  async function findOr404(ref: string | number): Promise<UserRow> {
    const row = await adminUsers.find(ref);
    if (!row) throw notFound('user');
    return row;
  }

  /** The target, if the actor may change it; 1404 unknown, 1403 outside the actor's groups or more powerful. */
  async function writableTarget(ctx: AdminContext, ref: string | number): Promise<UserRow> {
    const row = await findOr404(ref);
    await scope.assertCanActOn(ctx.actor, await scope.writable(ctx.actor), row.user);
    return row;
  }

  async function assertContactsFree(values: { email?: string | null | undefined; telephone?: string | null | undefined }, exceptId?: number) {
    for (const field of ['email', 'telephone'] as const) {
      const value = values[field];
      if (!value) continue;
      const holder = await users.findByLoginName(value);
      if (holder && holder.id !== exceptId && (field === 'email' ? holder.email === value : holder.telephone === value))
        throw new AppError(Code.conflict, field === 'email' ? 'The email has been registered' : 'The phone number has been registered', {
          fields: [{ path: `body.${field}`, message: 'taken' }],
        });
    }
  }

  return {
    async list(ctx: AdminContext, query: UserListQuery): Promise<List<AdminUser>> {
      // change_user may search anyone by name (spec §4: the switch dialog's remote search)
      const visible = holds(ctx.actor, 'change_user') ? ({ all: true } as const) : await scope.readable(ctx.actor);
      if (query.field_eq_group_name && !visible.all) {
        const group = await adminGroups.find(query.field_eq_group_name);
        if (!group || !inScope(visible, group.id)) throw forbidden();
      }
      const { list, total } = await adminUsers.list(visible, {
        nameLike: query.field_lk_user_name,
        groupName: query.field_eq_group_name,
        state: query.field_eq_state,
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      });
      return { list: list.map(toAdminUser), total };
    },

    async detail(ctx: AdminContext, ref: string): Promise<UserDetail> {
      const row = await findOr404(ref);
      if (row.user.id !== ctx.actor.userId && !inScope(await scope.readable(ctx.actor), row.user.groupId)) throw forbidden();
      const [roleRows, administered, keys] = await Promise.all([
        adminUsers.rolesOf(row.user.id),
        adminUsers.administered(row.user.id),
        permissions.keysOf(row.user.id, row.user.status),
      ]);
      return {
        ...toAdminUser(row),
        roles: roleRows,
        administered_groups: administered.groups,
        administered_communities: administered.communities,
        permissions: keys,
      };
    },

    async create(ctx: AdminContext, input: z.output<typeof createUserInputSchema>) {
      const writable = await scope.writable(ctx.actor);
      let groupId: number | null = null;
      if (input.group_name) {
        const group = await adminGroups.find(input.group_name);
        if (!group) throw fieldError('body.group_name', 'no such group');
        if (!inScope(writable, group.id)) throw forbidden();
        groupId = group.id;
      } else if (!writable.all) {
        // a group admin's new user joins the group they administer
        if (writable.groupIds.length !== 1) throw fieldError('body.group_name', 'choose the group');
        groupId = writable.groupIds[0] ?? null;
      }
      if (await users.findByUserName(input.user_name)) throw new AppError(Code.conflict, 'The user name has been registered', { fields: [{ path: 'body.user_name', message: 'taken' }] });
      // user and group names share the image hub's namespaces (a reserved name is refused by the schema, 1400)
      if (await users.groupNamed(input.user_name))
        throw new AppError(Code.conflict, nameTakenByGroup, { fields: [{ path: 'body.user_name', message: 'the name of a group' }] });
      await assertContactsFree(input);
      if (input.invite && !mail) throw new AppError(Code.upstreamDown, 'mail is not configured');
      const password = input.password ?? newPassword();
      const row = await users.insertWithRoles(
        {
          userName: input.user_name,
          passwordHash: await hashPassword(password),
          email: input.email ?? null,
          telephone: input.telephone ?? null,
          realName: input.real_name ?? null,
          groupId,
        },
        [],
      );
      if (!row) throw conflict('The user name, email or phone number has been registered');
      if (input.invite && mail && input.email) {
        try {
          await mail.send({
            to: input.email,
            subject: 'Your Starlight account',
            text: `An administrator created a Starlight account for you.\n\nUser name: ${input.user_name}\nInitial password: ${password}\n\nPlease sign in and change the password.`,
            secret: password,
          });
        } catch {
          // an invitation nobody receives leaves an account nobody can use: take it back
          await adminUsers.delete(row.id);
          await audit(ctx, 'user_create', `user:${input.user_name}`, 'invitation e-mail failed', 'failed');
          throw new AppError(Code.upstreamDown, 'the invitation e-mail could not be sent');
        }
      }
      await audit(ctx, 'user_create', `user:${row.userName}`, input.invite ? 'invited by e-mail' : 'initial password set');
      return { id: row.id, user_name: row.userName, invited: input.invite };
    },

    async update(ctx: AdminContext, id: number, input: UpdateUserInput): Promise<AdminUser> {
      const target = await writableTarget(ctx, id);
      const changes: Parameters<AdminUsersRepo['update']>[1] = {};
      const changed: string[] = [];
      if (input.real_name !== undefined) changes.realName = input.real_name;
      if (input.email !== undefined) changes.email = input.email;
      if (input.telephone !== undefined) changes.telephone = input.telephone;
      for (const field of ['real_name', 'email', 'telephone'] as const) if (input[field] !== undefined) changed.push(field);
      await assertContactsFree(input, id);
      if (input.group_name !== undefined) {
        // moving users between groups is the platform's call, not a group admin's
        if (!holds(ctx.actor, 'manage_all_user')) throw forbidden();
        const group = input.group_name === null ? null : await adminGroups.find(input.group_name);
        if (input.group_name !== null && !group) throw fieldError('body.group_name', 'no such group');
        await adminGroups.setMembership(id, group?.id ?? null, target.user.groupId);
        changed.push('group');
      }
      if (Object.keys(changes).length > 0 && (await adminUsers.update(id, changes)) === 'conflict')
        throw conflict('The email or phone number has been registered');
      if (changed.length > 0) await audit(ctx, 'user_update', `user:${target.user.userName}`, `changed ${changed.join(', ')}`);
      if (input.disabled !== undefined && input.disabled !== target.user.disabled) {
        if (id === ctx.actor.userId) throw conflict('you cannot disable yourself');
        await adminUsers.setDisabled(id, input.disabled, now());
        await audit(ctx, input.disabled ? 'user_disable' : 'user_enable', `user:${target.user.userName}`);
      }
      return toAdminUser(await findOr404(id));
    },

    /** Disables (default) or, with `hard`, deletes a user nothing refers to (1409 otherwise). */
    async remove(ctx: AdminContext, id: number, { hard }: z.output<typeof deleteUserQuerySchema>) {
      const target = await writableTarget(ctx, id);
      if (id === ctx.actor.userId) throw conflict('you cannot remove yourself');
      const name = `user:${target.user.userName}`;
      if (hard) {
        const blocker = await adminUsers.deleteBlocker(id);
        if (blocker) {
          await audit(ctx, 'user_delete', name, `refused: ${blocker}`, 'failed');
          throw conflict(`${blocker}; disable the user instead`);
        }
        await adminUsers.delete(id);
        await audit(ctx, 'user_delete', name);
        return { id, deleted: true, disabled: false };
      }
      if (!target.user.disabled) {
        await adminUsers.setDisabled(id, true, now());
        await audit(ctx, 'user_disable', name);
      }
      return { id, deleted: false, disabled: true };
    },

    /** Promotes a member of the group (default: the user's own group) to its administrator. */
    async setGroupAdmin(ctx: AdminContext, input: { user_name: string; group_name?: string | undefined }, admin: boolean) {
      const target = await findOr404(input.user_name);
      const group = input.group_name ? await adminGroups.find(input.group_name) : target.user.groupId !== null ? await adminGroups.find(target.user.groupId) : undefined;
      if (!group) throw input.group_name ? notFound('group') : fieldError('body.group_name', 'the user is in no group');
      const writable = await scope.writable(ctx.actor);
      if (!inScope(writable, group.id)) throw forbidden();
      if (target.user.groupId !== group.id) throw fieldError('body.user_name', 'the user is not a member of the group');
      const name = `user:${target.user.userName}`;
      if (admin) {
        if (target.user.disabled) throw conflict('the user is disabled');
        await assertMayGrant(ctx, { action: 'group_admin_promote', target: name, detail: `group ${group.name}`, keys: builtinKeys(groupAdminRole) });
        const added = await adminGroups.addAdmin(group.id, target.user.id);
        if (added) await audit(ctx, 'group_admin_promote', name, `group ${group.name}`);
      } else {
        if (!writable.all && target.user.id === ctx.actor.userId) throw conflict('you cannot remove yourself as group administrator');
        if (!writable.all && (await scope.outranks(target.user, ctx.actor))) throw forbidden();
        const removed = await adminGroups.removeAdmin(group.id, target.user.id);
        if (removed) await audit(ctx, 'group_admin_remove', name, `group ${group.name}`);
      }
      return toAdminUser(await findOr404(target.user.id));
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
