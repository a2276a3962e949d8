import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Key material of the OpenID provider: the RS256 signing key (ID tokens, token/v3) and the cookie
 * keys. Generated once on first start and read on every later start or by a second instance.
 */
export const ssoKeys = pgTable('sso_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

/** A third-party site (an OAuth client) registered by a platform admin. */
export const ssoClients = pgTable('sso_clients', {
  id: serial('id').primaryKey(),
  clientId: text('client_id').notNull().unique(),
  /** Confidential clients only; oidc-provider compares the presented secret with it. Never answered after creation. */
  clientSecret: text('client_secret'),
  name: text('name').notNull(),
  public: boolean('public').notNull(),
  redirectUris: jsonb('redirect_uris').$type<string[]>().notNull(),
  scopes: jsonb('scopes').$type<string[]>().notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * oidc-provider's models (Session, Interaction, AuthorizationCode, AccessToken, RefreshToken, Grant …)
 * as its adapter stores them: one row per (model, id), so a restart or a second instance finds them.
 */
export const ssoOidcModels = pgTable(
  'sso_oidc_models',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('sso_oidc_models_grant_idx').on(t.grantId),
    index('sso_oidc_models_uid_idx').on(t.model, t.uid),
    index('sso_oidc_models_expires_idx').on(t.expiresAt),
  ],
);

/** Each Allow / Deny a user gave on the consent page. */
export const ssoConsents = pgTable(
  'sso_consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    allowed: boolean('allowed').notNull(),
    grantId: text('grant_id'),
    createdAt: createdAt(),
  },
  (t) => [index('sso_consents_user_idx').on(t.userId, t.createdAt.desc())],
);

/** An external identity provider users sign in through: /wx-login (kind wechat) and /vc-login (kind oidc). */
export const ssoExternalProviders = pgTable('sso_external_providers', {
  kind: text('kind', { enum: ['wechat', 'oidc'] }).primaryKey(),
  name: text('name').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  issuer: text('issuer'),
  authorizationEndpoint: text('authorization_endpoint').notNull(),
  tokenEndpoint: text('token_endpoint').notNull(),
  userinfoEndpoint: text('userinfo_endpoint'),
  jwksUri: text('jwks_uri'),
  clientId: text('client_id').notNull(),
  clientSecret: text('client_secret').notNull(),
  scopes: text('scopes').notNull(),
  /** Claim names: subject, user name, e-mail, e-mail verified, real name. */
  claims: jsonb('claims').$type<{ subject: string; userName: string; email: string; emailVerified: string; realName: string }>().notNull(),
  linkByEmail: boolean('link_by_email').notNull().default(true),
  createUsers: boolean('create_users').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which of our users an external subject (WeChat openid/unionid, OIDC sub) is. */
export const ssoExternalIdentities = pgTable(
  'sso_external_identities',
  {
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subject] }), uniqueIndex('sso_external_identities_user_idx').on(t.kind, t.userId)],
);

/** An external sign-in in flight: state → PKCE verifier and nonce, used once. */
export const ssoExternalStates = pgTable('sso_external_states', {
  state: text('state').primaryKey(),
  kind: text('kind').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
