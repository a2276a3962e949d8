import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const groups = pgTable('groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  createdAt: createdAt(),
});

/** `status` is the spec's bit field: 1 bound system account, 64 cloud-bound session. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  userName: text('user_name').notNull().unique(),
  email: text('email').unique(),
  telephone: text('telephone').unique(),
  passwordHash: text('password_hash').notNull(),
  realName: text('real_name'),
  avatar: text('avatar'),
  uid: text('uid')
    .notNull()
    .unique()
    .$defaultFn(() => randomUUID()),
  status: integer('status').notNull().default(0),
  systemAccount: text('system_account').unique(),
  groupId: integer('group_id').references(() => groups.id, { onDelete: 'set null' }),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
});

export const groupAdmins = pgTable(
  'group_admins',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_admins_user_idx').on(t.userId)],
);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  builtin: boolean('builtin').notNull().default(false),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionKey: text('permission_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionKey] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** A login session. Only the SHA-256 of the bearer token is kept, so a database leak yields no tokens. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenType: text('token_type', { enum: ['shortTerm', 'longTerm'] }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** Set on a switched-to session (spec §4): the real user behind it, recorded with every request. */
    impersonatorUserId: integer('impersonator_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A session started from another one (a switched-to session, a cloud token): it ends when that one ends, however it ends. */
    parentSessionId: integer('parent_session_id').references((): AnyPgColumn => sessions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_parent_idx').on(t.parentSessionId),
    check('sessions_token_type_check', sql`${t.tokenType} in ('shortTerm', 'longTerm')`),
  ],
);

/** A community groups several groups; its administrators hold community_3rd_admin through it. */
export const communities = pgTable('communities', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  createdAt: createdAt(),
});

/** A group belongs to at most one community. */
export const communityGroups = pgTable(
  'community_groups',
  {
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .unique()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.groupId] })],
);

export const communityAdmins = pgTable(
  'community_admins',
  {
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.userId] }), index('community_admins_user_idx').on(t.userId)],
);
