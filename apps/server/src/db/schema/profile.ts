import { boolean, customType, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sessions, users } from './identity';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A user's OpenSSH public key. The fingerprint is unique platform-wide: one key, one person. */
export const sshKeys = pgTable(
  'ssh_keys',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    keyType: text('key_type').notNull(),
    /** `SHA256:<base64 without padding>`, as ssh-keygen -l prints it. */
    fingerprint: text('fingerprint').notNull(),
    comment: text('comment').notNull().default(''),
    publicKey: text('public_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ssh_keys_fingerprint_idx').on(t.fingerprint), index('ssh_keys_user_idx').on(t.userId)],
);

/** The profile card fields a user fills in (name and avatar stay on `users`). */
export const userProfiles = pgTable('user_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  organization: text('organization').notNull().default(''),
  title: text('title').notNull().default(''),
  bio: text('bio').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's own sign-in rules (GET/PATCH /keystone/login_security); no row = all off. */
export const loginSecurity = pgTable('login_security', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  alwaysCaptcha: boolean('always_captcha').notNull().default(false),
  notifyNewIp: boolean('notify_new_ip').notNull().default(false),
  restrictNetworks: boolean('restrict_networks').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Addresses a user has signed in from (for the new-address notice). */
export const loginKnownIps = pgTable(
  'login_known_ips',
  {
    userId: userRef(),
    ip: text('ip').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ip] })],
);

/** Access records: named networks a user signs in from (the allow list of restrict_networks). */
export const accessRecords = pgTable(
  'access_records',
  {
    id: serial('id').primaryKey(),
    userId: userRef(),
    name: text('name').notNull(),
    /** Normalised CIDR, e.g. 10.0.0.0/8 or 2001:db8::/32. */
    network: text('network').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('access_records_user_network_idx').on(t.userId, t.network)],
);

/** Sessions issued for the cloud side (POST /keystone/cloud/token), revoked by DELETE /keystone/cloud/cookie. */
export const cloudSessions = pgTable(
  'cloud_sessions',
  {
    sessionId: integer('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: userRef(),
    createdAt: createdAt(),
  },
  (t) => [index('cloud_sessions_user_idx').on(t.userId)],
);

/** bytea as a Buffer on both drivers (PGlite hands back a Uint8Array, node-postgres a Buffer). */
export const bytes = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Uploaded avatars, in the database so that every console instance serves them (a local disk is one
 * instance's). The random file name is the handle the public serving route takes; at most 2 MiB each.
 */
export const avatars = pgTable(
  'avatars',
  {
    name: text('name').primaryKey(),
    userId: userRef(),
    contentType: text('content_type').notNull(),
    bytes: bytes('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('avatars_user_idx').on(t.userId)],
);
