import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { Code } from '@starlight/contract/codes';
import type { LoginResult } from '@starlight/contract/auth';
import { usernameRegex } from '@starlight/contract/validators';
import type { ExternalKind, ExternalProvider, ExternalProviderInput } from '@starlight/contract/sso';
import { AppError } from '../../lib/app-error';
import type { AccountsService } from '../identity/accounts.service';
import type { AuthService, ClientInfo } from '../identity/auth.service';
import type { ExternalProviderRow, ExternalRepo } from './external.repo';
import { fieldError } from './oauth.service';

interface ExternalDeps {
  repo: ExternalRepo;
  accounts: Pick<AccountsService, 'createUser' | 'profileByEmail' | 'findUserId' | 'profileOf'>;
  auth: Pick<AuthService, 'startExternalSession'>;
  /** The console's origin: callbacks land on its /wx-login and /vc-login pages. */
  publicUrl: string;
  now: () => Date;
  fetch?: typeof fetch;
}

export const externalPages: Record<ExternalKind, string> = { wechat: '/wx-login', oidc: '/vc-login' };
const stateLifetimeMs = 10 * 60 * 1000;
const upstreamTimeoutMs = 10_000;

type Claims = Record<string, unknown>;

const random = (bytes = 32) => randomBytes(bytes).toString('base64url');
const upstream = (info: string) => new AppError(Code.upstreamDown, info);
const refused = (info: string) => new AppError(Code.forbidden, info);

/**
 * Sign-in through an external identity provider configured by a platform admin: a WeChat preset
 * (QR code page, appid/secret in the query, openid/unionid) for /wx-login and any OpenID Connect
 * provider for /vc-login (code + PKCE S256, ID token checked against its JWKS, nonce). The first
 * sign-in links to a user by verified e-mail or creates one, as the provider's settings allow.
 */
export function createExternalService({ repo, accounts, auth, publicUrl, now, fetch: fetcher = fetch }: ExternalDeps) {
  const jwksCache = new Map<string, JWTVerifyGetKey>();
  const callbackOf = (kind: ExternalKind) => `${publicUrl}${externalPages[kind]}`;

  const toDto = (row: ExternalProviderRow): ExternalProvider => ({
    kind: row.kind,
    name: row.name,
    enabled: row.enabled,
    issuer: row.issuer,
    authorization_endpoint: row.authorizationEndpoint,
    token_endpoint: row.tokenEndpoint,
    userinfo_endpoint: row.userinfoEndpoint,
    jwks_uri: row.jwksUri,
    client_id: row.clientId,
    has_secret: row.clientSecret !== '',
    scopes: row.scopes,
    claims: row.claims,
    link_by_email: row.linkByEmail,
    create_users: row.createUsers,
    callback_url: callbackOf(row.kind),
  });

  const enabledProvider = async (kind: ExternalKind): Promise<ExternalProviderRow> => {
    const row = await repo.provider(kind);
    if (!row || !row.enabled) throw new AppError(Code.notFound, `sign-in through ${kind} is not configured`);
    return row;
  };

  const getJson = async (url: string, init?: RequestInit): Promise<Claims> => {
    let response: Response;
    try {
      response = await fetcher(url, { ...init, signal: AbortSignal.timeout(upstreamTimeoutMs) });
    } catch (error) {
      throw upstream(`the sign-in provider cannot be reached (${(error as Error).message})`);
    }
    const text = await response.text();
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw upstream(`the sign-in provider answered ${response.status} without JSON`);
    }
    if (typeof data !== 'object' || data === null) throw upstream('the sign-in provider answered no object');
    const claims = data as Claims;
    if (!response.ok) throw refused(`the sign-in provider refused: ${String(claims.error_description ?? claims.error ?? response.status)}`);
    return claims;
  };

  /** WeChat: appid/secret in the query, errcode in a 200 answer, openid (+ unionid) instead of an ID token. */
  const wechatClaims = async (row: ExternalProviderRow, code: string): Promise<Claims> => {
    const tokenUrl = new URL(row.tokenEndpoint);
    tokenUrl.search = new URLSearchParams({ appid: row.clientId, secret: row.clientSecret, code, grant_type: 'authorization_code' }).toString();
    const token = await getJson(tokenUrl.href);
    if (token.errcode !== undefined && token.errcode !== 0) throw refused(`WeChat refused the sign-in: ${String(token.errmsg ?? token.errcode)}`);
    if (typeof token.access_token !== 'string' || typeof token.openid !== 'string') throw upstream('WeChat answered no access_token/openid');
    let profile: Claims = {};
    if (row.userinfoEndpoint) {
      const infoUrl = new URL(row.userinfoEndpoint);
      infoUrl.search = new URLSearchParams({ access_token: token.access_token, openid: token.openid, lang: 'zh_CN' }).toString();
      profile = await getJson(infoUrl.href);
      if (profile.errcode !== undefined && profile.errcode !== 0) throw refused(`WeChat refused the profile: ${String(profile.errmsg ?? profile.errcode)}`);
    }
    return { ...profile, openid: token.openid, ...(token.unionid ? { unionid: token.unionid } : {}) };
  };

  /** OIDC: code + PKCE at the token endpoint (client_secret_basic), the ID token verified with the provider's JWKS. */
  const oidcClaims = async (row: ExternalProviderRow, code: string, codeVerifier: string, nonce: string, redirectUri: string): Promise<Claims> => {
    const basic = Buffer.from(`${encodeURIComponent(row.clientId)}:${encodeURIComponent(row.clientSecret)}`).toString('base64');
    const token = await getJson(row.tokenEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}`, accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: codeVerifier }).toString(),
    });
    if (typeof token.id_token !== 'string') throw upstream('the sign-in provider answered no id_token');
    if (!row.jwksUri) throw upstream('the provider has no jwks_uri configured');
    let jwks = jwksCache.get(row.jwksUri);
    if (!jwks) {
      jwks = createRemoteJWKSet(new URL(row.jwksUri), { timeoutDuration: upstreamTimeoutMs });
      jwksCache.set(row.jwksUri, jwks);
    }
    let claims: Claims;
    try {
      ({ payload: claims } = await jwtVerify(token.id_token, jwks, { audience: row.clientId, ...(row.issuer ? { issuer: row.issuer } : {}), clockTolerance: 30 }));
    } catch (error) {
      throw refused(`the ID token is not valid: ${(error as Error).message}`);
    }
    if (claims.nonce !== nonce) throw refused('the ID token is not valid: nonce mismatch');
    if (row.userinfoEndpoint && typeof token.access_token === 'string') {
      const info = await getJson(row.userinfoEndpoint, { headers: { authorization: `Bearer ${token.access_token}`, accept: 'application/json' } });
      if (info.sub === claims.sub) claims = { ...info, ...claims };
    }
    return claims;
  };

  const claimString = (claims: Claims, name: string): string | null => {
    const value = claims[name];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null;
  };

  /** A free user name from the provider's claim: lowercased, cut to the rules (5-27), suffixed when taken. */
  const newUserName = async (kind: ExternalKind, wanted: string | null): Promise<string[]> => {
    let base = (wanted ?? '').toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^[-_]+|[-_]+$/g, '').slice(0, 20);
    if (base.length < 3 || !usernameRegex.test(base)) base = kind === 'wechat' ? 'wx' : 'sso';
    const candidates = [base, ...Array.from({ length: 5 }, () => `${base}-${randomBytes(3).toString('hex')}`)];
    return candidates.filter((name) => name.length >= 5 && name.length <= 27 && usernameRegex.test(name));
  };

  const createUserFor = async (kind: ExternalKind, row: ExternalProviderRow, claims: Claims, email: string | null): Promise<number> => {
    for (const userName of await newUserName(kind, claimString(claims, row.claims.userName))) {
      if (await accounts.findUserId(userName)) continue;
      const id = await accounts.createUser({
        userName,
        // Nobody knows it: the user signs in through the provider, or sets one with "forgot password".
        password: `Ex1-${random(24)}`,
        email,
        realName: claimString(claims, row.claims.realName)?.slice(0, 64) ?? null,
      });
      if (id !== null) return id;
    }
    throw new AppError(Code.conflict, 'no free user name could be made for this account');
  };

  return {
    callbackOf,
    list: async (): Promise<ExternalProvider[]> => (await repo.providers()).map(toDto),

    async publicInfo(kind: ExternalKind): Promise<{ kind: ExternalKind; name: string; enabled: boolean }> {
      const row = await repo.provider(kind);
      return { kind, name: row?.name ?? '', enabled: Boolean(row?.enabled) };
    },

    async save(kind: ExternalKind, input: ExternalProviderInput): Promise<ExternalProvider> {
      const existing = await repo.provider(kind);
      const secret = input.client_secret ?? existing?.clientSecret;
      if (!secret) throw fieldError('client_secret', 'client_secret is required for a new provider');
      if (kind === 'oidc' && !input.jwks_uri) throw fieldError('jwks_uri', 'jwks_uri is required for OpenID Connect (the ID token is checked with it)');
      const row = await repo.saveProvider({
        kind,
        name: input.name,
        enabled: input.enabled,
        issuer: input.issuer,
        authorizationEndpoint: input.authorization_endpoint,
        tokenEndpoint: input.token_endpoint,
        userinfoEndpoint: input.userinfo_endpoint,
        jwksUri: input.jwks_uri,
        clientId: input.client_id,
        clientSecret: secret,
        scopes: input.scopes,
        claims: input.claims,
        linkByEmail: input.link_by_email,
        createUsers: input.create_users,
        updatedAt: now(),
      });
      return toDto(row);
    },

    async remove(kind: ExternalKind): Promise<void> {
      if (!(await repo.removeProvider(kind))) throw new AppError(Code.notFound, `sign-in through ${kind} is not configured`);
    },

    /** Where the browser goes to sign in (and, for WeChat, the QR page for an iframe). */
    async start(kind: ExternalKind): Promise<{ authorization_url: string; embed_url: string | null; state: string }> {
      const row = await enabledProvider(kind);
      const state = random();
      const codeVerifier = random();
      const nonce = random();
      const redirectUri = callbackOf(kind);
      await repo.insertState({ state, kind, codeVerifier, nonce, redirectUri, expiresAt: new Date(now().getTime() + stateLifetimeMs) }, now());
      const url = new URL(row.authorizationEndpoint);
      if (kind === 'wechat') {
        url.search = new URLSearchParams({ appid: row.clientId, redirect_uri: redirectUri, response_type: 'code', scope: row.scopes, state }).toString();
        const embed = new URL(url.href);
        embed.searchParams.set('login_type', 'jssdk');
        embed.searchParams.set('self_redirect', 'false');
        return { authorization_url: `${url.href}#wechat_redirect`, embed_url: embed.href, state };
      }
      const challenge = createHash('sha256').update(codeVerifier).digest('base64url');
      url.search = new URLSearchParams({
        client_id: row.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: row.scopes,
        state,
        nonce,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }).toString();
      return { authorization_url: url.href, embed_url: null, state };
    },

    /** The provider sent the browser back with a code: exchange it, find or make the user, start a session. */
    async callback(kind: ExternalKind, input: { code: string; state: string }, client: ClientInfo): Promise<{ login: LoginResult; userId: number; userName: string }> {
      const row = await enabledProvider(kind);
      const pending = await repo.takeState(kind, input.state, now());
      if (!pending) throw fieldError('state', 'the sign-in has expired or was already used, please start again');
      const claims = kind === 'wechat' ? await wechatClaims(row, input.code) : await oidcClaims(row, input.code, pending.codeVerifier, pending.nonce, pending.redirectUri);
      const subject = claimString(claims, row.claims.subject) ?? (kind === 'wechat' ? claimString(claims, 'openid') : null);
      if (!subject) throw upstream(`the provider's answer has no ${row.claims.subject} claim`);
      const email = claimString(claims, row.claims.email)?.toLowerCase() ?? null;
      const emailVerified = claims[row.claims.emailVerified] === true || claims[row.claims.emailVerified] === 'true';

      let userId = await repo.linkedUser(kind, subject);
      if (userId === undefined && row.linkByEmail && email && emailVerified) {
        const existing = await accounts.profileByEmail(email);
        if (existing && (await repo.link(kind, subject, existing.id, now()))) userId = existing.id;
      }
      if (userId === undefined && row.createUsers) {
        const taken = email ? await accounts.profileByEmail(email) : null;
        const created = await createUserFor(kind, row, claims, email && emailVerified && !taken ? email : null);
        if (await repo.link(kind, subject, created, now())) userId = created;
      }
      if (userId === undefined) throw refused(`no Starlight account is linked to this ${row.name} account`);
      await repo.touch(kind, subject, now());
      const login = await auth.startExternalSession(userId, 'shortTerm', client);
      if (!login) throw refused('this account is disabled');
      return { login, userId, userName: (await accounts.profileOf(userId))?.userName ?? '' };
    },
  };
}

export type ExternalService = ReturnType<typeof createExternalService>;
