import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Adapter, AdapterPayload, Configuration, default as Provider, KoaContextWithOIDC } from 'oidc-provider';
import type { AccountProfile } from '../identity/accounts.service';
import type { ClientsService } from './clients.service';
import type { ProviderKeys } from './keys.service';
import type { OidcModelsRepo } from './oidc-models.repo';

export interface OidcProviderDeps {
  /** oidc-provider's class, loaded by importOidcProvider (no static import: see there). */
  Provider: typeof Provider;
  /** `<PUBLIC_URL><BASE_PATH>`; its path is where the provider is mounted. */
  issuer: string;
  keys: ProviderKeys;
  models: OidcModelsRepo;
  clients: ClientsService;
  profileOf: (userId: number) => Promise<AccountProfile | null>;
  /** Behind a proxy (TRUST_PROXY): X-Forwarded-For names the client (oidc-provider's logs and rate of requests). */
  proxy: boolean;
  /** The SPA page the browser is sent to for login and consent. */
  interactionPage: string;
}

/** Routes relative to the mount path (the base path): the token endpoint is the spec's call. */
export const providerRoutes = {
  authorization: '/oidc/auth',
  token: '/keystone/oauth/token',
  jwks: '/oidc/jwks',
  userinfo: '/oidc/me',
  end_session: '/oidc/session/end',
  revocation: '/oidc/token/revocation',
  introspection: '/oidc/token/introspection',
  pushed_authorization_request: '/oidc/request',
  registration: '/oidc/reg',
  code_verification: '/oidc/device',
  device_authorization: '/oidc/device/auth',
  backchannel_authentication: '/oidc/backchannel',
  challenge: '/oidc/challenge',
  credential: '/oidc/credential',
} as const;

const accessTokenTtl = 60 * 60;

/**
 * Starlight's OpenID provider (oidc-provider): authorization code with PKCE (required for public
 * clients, S256 only), refresh tokens for clients registered with offline_access, RS256 ID tokens
 * signed with the stored key, and login/consent handed to the SPA's /oauth page.
 */
export function createOidcProvider({ Provider, issuer, keys, models, clients, profileOf, proxy, interactionPage }: OidcProviderDeps) {
  const adapter = (model: string): Adapter => {
    if (model === 'Client') return clientAdapter(clients);
    return models.adapterFor(model) as unknown as Adapter;
  };

  const configuration: Configuration = {
    adapter: adapter as unknown as Configuration['adapter'],
    jwks: { keys: [keys.signing as never] },
    cookies: {
      keys: keys.cookieKeys,
      names: { session: '_sl_oidc_session', interaction: '_sl_oidc_interaction', resume: '_sl_oidc_resume' },
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      // path '/': the interaction cookie must reach the SPA's calls under /api (it binds a uid to this browser);
      // the resume cookie keeps its own narrow path (oidc-provider sets it after this spread)
      short: { httpOnly: true, sameSite: 'lax', signed: true, path: '/' },
    },
    routes: providerRoutes,
    scopes: ['openid', 'offline_access', 'profile', 'email', 'phone'],
    claims: {
      openid: ['sub'],
      profile: ['preferred_username', 'name', 'updated_at'],
      email: ['email', 'email_verified'],
      phone: ['phone_number', 'phone_number_verified'],
    },
    responseTypes: ['code'],
    // The granted scopes' claims go in the ID token too, as most sites expect (not only via userinfo).
    conformIdTokenClaims: false,
    pkce: { required: (_ctx, client) => client.clientAuthMethod === 'none' },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      introspection: { enabled: true },
      // oidc-provider's stock pages import a font from a public CDN: ours serve nothing from another origin
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
      userinfo: { enabled: true },
    },
    clientBasedCORS: (_ctx, origin, client) => client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    findAccount: async (_ctx, sub) => {
      const profile = /^\d+$/.test(sub) ? await profileOf(Number(sub)) : null;
      if (!profile || profile.disabled) return undefined;
      return { accountId: sub, claims: () => claimsOf(profile) };
    },
    // A refresh token for every client allowed the refresh_token grant (registered with offline_access).
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    interactions: { url: (_ctx, interaction) => `${interactionPage}?uid=${encodeURIComponent(interaction.uid)}` },
    ttl: {
      AccessToken: accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: accessTokenTtl,
      RefreshToken: 14 * 24 * 60 * 60,
      Interaction: 30 * 60,
      // The provider's own browser session is short: Starlight's token is the real login.
      Session: 8 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(out);
    },
  };

  const provider: Provider = new Provider(issuer, configuration);
  // always: the forwarded host and protocol below are ours (the issuer's), never the client's
  provider.proxy = true;
  const callback = provider.callback();
  const publicOrigin = new URL(issuer);
  const mountPath = publicOrigin.pathname.replace(/\/$/, '');

  return {
    provider,
    mountPath,
    /** The interaction uid this browser's signed interaction cookie names, or null. */
    boundInteraction: (req: IncomingMessage, res: ServerResponse): Promise<string | null> =>
      provider.interactionDetails(req, res).then(
        (interaction) => interaction.uid,
        () => null,
      ),
    /** Hands a raw Node request to the provider with the mount path stripped (oidc-provider reads originalUrl). */
    handle(req: IncomingMessage & { originalUrl?: string }, res: ServerResponse): Promise<void> {
      const url = req.url ?? '/';
      req.originalUrl = url;
      req.url = url.startsWith(mountPath) ? url.slice(mountPath.length) || '/' : url;
      // oidc-provider builds every URL it publishes (discovery's endpoints, redirects, the logout form's action)
      // from the request's host and protocol: a client's `Host: evil.example` would be answered with endpoints
      // on evil.example. They come from the issuer (PUBLIC_URL) only.
      req.headers.host = publicOrigin.host;
      req.headers['x-forwarded-host'] = publicOrigin.host;
      req.headers['x-forwarded-proto'] = publicOrigin.protocol.slice(0, -1);
      if (!proxy) delete req.headers['x-forwarded-for'];
      return callback(req, res) as unknown as Promise<void>;
    },
  };
}

export type OidcProvider = ReturnType<typeof createOidcProvider>;

export function claimsOf(profile: AccountProfile) {
  return {
    sub: String(profile.id),
    preferred_username: profile.userName,
    name: profile.realName ?? profile.userName,
    updated_at: Math.floor(profile.updatedAt.getTime() / 1000),
    // E-mail addresses and phone numbers are confirmed with a code before they are stored (registration, change).
    ...(profile.email ? { email: profile.email, email_verified: true } : {}),
    ...(profile.telephone ? { phone_number: profile.telephone, phone_number_verified: true } : {}),
  };
}

function clientAdapter(clients: ClientsService): Adapter {
  const readOnly = async () => undefined;
  return {
    upsert: readOnly,
    find: async (id: string) => (await clients.metadataOf(id)) as AdapterPayload | undefined,
    findByUid: readOnly,
    findByUserCode: readOnly,
    consume: readOnly,
    destroy: readOnly,
    revokeByGrantId: readOnly,
  };
}

const escapeHtml = (value: unknown) =>
  String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The provider's own pages: plain, system fonts, nothing loaded from any origin (not even ours). */
function page(title: string, main: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>星光 · ${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f5f7fa;margin:0;padding:48px 16px}main{max-width:480px;margin:auto;background:#fff;border-radius:8px;padding:24px 32px;box-shadow:0 2px 8px rgba(0,0,0,.08)}dt{font-weight:600;margin-top:8px}dd{margin:0;word-break:break-word}a{color:#1890ff}button{font:inherit;padding:6px 16px;margin:8px 8px 0 0;border-radius:6px;border:1px solid #d9d9d9;background:#fff;cursor:pointer}button[autofocus]{background:#1890ff;border-color:#1890ff;color:#fff}</style></head>
<body><main><h1>星光</h1>${main}</main></body></html>`;
}

/** Bad client, bad redirect_uri … */
function errorPage(out: object): string {
  const rows = Object.entries(out)
    .map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('');
  return page('Sign-in error', `<p>The sign-in request cannot be completed. 无法完成登录授权请求。</p><dl>${rows}</dl><p><a href="/login">/login</a></p>`);
}

/** RP-initiated logout's question; `form` is oidc-provider's hidden form (its action and xsrf field). */
function logoutSource(ctx: KoaContextWithOIDC, form: string): void {
  ctx.type = 'html';
  ctx.body = page(
    'Sign out',
    `<p>Sign out of the single sign-on at ${escapeHtml(ctx.host)}? 是否退出单点登录？</p>${form}
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Sign out 退出</button><button type="submit" form="op.logoutForm">Stay signed in 保持登录</button>`,
  );
}

function postLogoutSuccessSource(ctx: KoaContextWithOIDC): void {
  ctx.type = 'html';
  ctx.body = page('Signed out', '<p>You are signed out of the single sign-on. 已退出单点登录。</p><p><a href="/login">/login</a></p>');
}

export type { KoaContextWithOIDC };
