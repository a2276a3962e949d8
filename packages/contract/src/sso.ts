import { z } from 'zod';

/**
 * WHATWG URL: a global in Node and in every browser, but not in the ES2022 lib this package compiles
 * against (no DOM, no @types/node): declared here with just what these rules read.
 */
interface ParsedUrl {
  protocol: string;
  hostname: string;
  host: string;
  hash: string;
  username: string;
  password: string;
}
declare const URL: { new (input: string): ParsedUrl; canParse(input: string): boolean };

/**
 * Single sign-on (spec §1, §2 /oauth /wx-login /vc-login, §5, §7, §8): Starlight as an OpenID
 * provider for third-party sites, and sign-in through an external provider (WeChat, any OIDC).
 */

/** Scopes a client may be registered for; `openid` is always one of them. */
export const oauthScopes = ['openid', 'profile', 'email', 'phone', 'offline_access'] as const;
export const oauthScopeSchema = z.enum(oauthScopes);
export type OauthScope = z.infer<typeof oauthScopeSchema>;

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Why a redirect URI is unacceptable, or undefined: absolute, no fragment, https (http only on loopback). */
export function redirectUriProblem(value: string): string | undefined {
  let url: ParsedUrl;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.hash !== '' || value.includes('#')) return 'must not contain a fragment';
  if (url.username !== '' || url.password !== '') return 'must not contain credentials';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && loopbackHosts.has(url.hostname)) return undefined;
  return 'must use https (http only for localhost / 127.0.0.1)';
}

const redirectUriSchema = z
  .string()
  .trim()
  .max(500)
  .superRefine((value, ctx) => {
    const problem = redirectUriProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const oauthClientInputSchema = z
  .object({
    name: z.string().trim().min(1).max(64),
    /** Public clients (SPA, native) have no secret and must use PKCE S256. */
    public: z.boolean(),
    redirect_uris: z.array(redirectUriSchema).min(1).max(10),
    scopes: z
      .array(oauthScopeSchema)
      .min(1)
      .max(oauthScopes.length)
      .refine((scopes) => scopes.includes('openid'), 'must include openid')
      .refine((scopes) => new Set(scopes).size === scopes.length, 'must not repeat a scope'),
  })
  .strict();
export type OauthClientInput = z.infer<typeof oauthClientInputSchema>;

export const oauthClientSchema = z.object({
  id: z.number().int(),
  client_id: z.string(),
  name: z.string(),
  public: z.boolean(),
  redirect_uris: z.array(z.string()),
  scopes: z.array(z.string()),
  created_at: z.string(),
});
export type OauthClient = z.infer<typeof oauthClientSchema>;

/** Creation and secret rotation: the secret is answered this once and never again. */
export const oauthClientCreatedSchema = oauthClientSchema.extend({ client_secret: z.string().nullable() });
export type OauthClientCreated = z.infer<typeof oauthClientCreatedSchema>;

export const oauthClientListSchema = z.object({ list: z.array(oauthClientSchema), total: z.number().int() });

/** What the /oauth consent page shows for a pending authorization (by interaction uid). */
export const oauthInteractionSchema = z.object({
  uid: z.string(),
  prompt: z.string(),
  client: z.object({ client_id: z.string(), name: z.string() }),
  scopes: z.array(z.string()),
  redirect_uri: z.string(),
});
export type OauthInteraction = z.infer<typeof oauthInteractionSchema>;

/**
 * POST /keystone/oauth/authorize: the signed-in user's decision on a pending authorization (uid), or
 * a first-party site without a client_id asking to be sent back (redirect_url; spec §5: on the
 * provider's domain only).
 */
export const oauthAuthorizeInputSchema = z
  .object({
    uid: z.string().trim().min(1).max(100).optional(),
    allow: z.boolean().default(true),
    client_id: z.string().trim().min(1).max(100).optional(),
    redirect_url: z.string().trim().min(1).max(2000).optional(),
  })
  .strict()
  .refine((input) => input.uid !== undefined || input.redirect_url !== undefined, {
    message: 'uid or redirect_url is required',
    path: ['uid'],
  });
export type OauthAuthorizeInput = z.infer<typeof oauthAuthorizeInputSchema>;

export const oauthAuthorizeResultSchema = z.object({ redirect_to: z.string() });

/** Spec §8: the refusal text for a site outside the provider's domain. */
export const ssoRefusalText = (host: string): string => `不能授权${host}使用星光账户信息`;
export const ssoRefusalSchema = z.object({ host: z.string() });

/** Spec §5: without a client_id, only sites on the provider's domain (or its subdomains). */
export function isOnDomain(url: string, domain: string): boolean {
  let parsed: ParsedUrl;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  const host = parsed.hostname.toLowerCase();
  const want = domain.toLowerCase();
  return host === want || host.endsWith(`.${want}`);
}

export const ssoConfigSchema = z.object({
  issuer: z.string(),
  discovery_url: z.string(),
  domain: z.string(),
});

/** GET /keystone/token/v3: a short-lived JWT of the signed-in user, verifiable with the JWKS. */
export const tokenV3Schema = z.object({ token_v3: z.string(), expires_at: z.string(), jwks_uri: z.string() });

/* External identity providers (/wx-login = wechat, /vc-login = oidc). */

export const externalKinds = ['wechat', 'oidc'] as const;
export const externalKindSchema = z.enum(externalKinds);
export type ExternalKind = z.infer<typeof externalKindSchema>;

const claimName = z.string().trim().min(1).max(100);
export const externalClaimsSchema = z.object({
  subject: claimName,
  userName: claimName,
  email: claimName,
  emailVerified: claimName,
  realName: claimName,
});

const endpointSchema = z
  .string()
  .trim()
  .max(500)
  .refine((value) => /^https?:\/\//.test(value) && URL.canParse(value), 'must be an http(s) URL');

export const externalProviderInputSchema = z
  .object({
    name: z.string().trim().min(1).max(64),
    enabled: z.boolean().default(true),
    issuer: endpointSchema.nullable().default(null),
    authorization_endpoint: endpointSchema,
    token_endpoint: endpointSchema,
    userinfo_endpoint: endpointSchema.nullable().default(null),
    jwks_uri: endpointSchema.nullable().default(null),
    client_id: z.string().trim().min(1).max(200),
    /** Omitted on an update: the stored secret is kept. */
    client_secret: z.string().min(1).max(500).optional(),
    scopes: z.string().trim().min(1).max(300),
    claims: externalClaimsSchema,
    link_by_email: z.boolean().default(true),
    create_users: z.boolean().default(false),
  })
  .strict();
export type ExternalProviderInput = z.infer<typeof externalProviderInputSchema>;

export const externalProviderSchema = externalProviderInputSchema.omit({ client_secret: true }).extend({
  kind: externalKindSchema,
  has_secret: z.boolean(),
  callback_url: z.string(),
});
export type ExternalProvider = z.infer<typeof externalProviderSchema>;

/** Presets the admin page starts from. */
export const externalPresets: Record<ExternalKind, Omit<ExternalProviderInput, 'client_id' | 'client_secret'>> = {
  wechat: {
    name: 'WeChat',
    enabled: true,
    issuer: null,
    authorization_endpoint: 'https://open.weixin.qq.com/connect/qrconnect',
    token_endpoint: 'https://api.weixin.qq.com/sns/oauth2/access_token',
    userinfo_endpoint: 'https://api.weixin.qq.com/sns/userinfo',
    jwks_uri: null,
    scopes: 'snsapi_login',
    claims: { subject: 'unionid', userName: 'nickname', email: 'email', emailVerified: 'email_verified', realName: 'nickname' },
    link_by_email: false,
    create_users: true,
  },
  oidc: {
    name: 'OpenID Connect',
    enabled: true,
    issuer: 'https://idp.example.com',
    authorization_endpoint: 'https://idp.example.com/authorize',
    token_endpoint: 'https://idp.example.com/token',
    userinfo_endpoint: null,
    jwks_uri: 'https://idp.example.com/jwks',
    scopes: 'openid profile email',
    claims: { subject: 'sub', userName: 'preferred_username', email: 'email', emailVerified: 'email_verified', realName: 'name' },
    link_by_email: true,
    create_users: false,
  },
};

export const externalProviderListSchema = z.object({ list: z.array(externalProviderSchema), total: z.number().int() });

/** What /wx-login and /vc-login need before the user clicks. */
export const externalPublicSchema = z.object({ kind: externalKindSchema, name: z.string(), enabled: z.boolean() });

/** `embed_url`: WeChat's QR code page for an iframe (login_type=jssdk; the top window follows the callback). */
export const externalStartResultSchema = z.object({ authorization_url: z.string(), embed_url: z.string().nullable(), state: z.string() });

export const externalCallbackInputSchema = z
  .object({ code: z.string().trim().min(1).max(2000), state: z.string().trim().min(1).max(200) })
  .strict();
