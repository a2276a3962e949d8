import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { api, body, tokenHeader } from './helpers';
import { Browser, decide, registerClient, signIn, startHttpApp, stopHttpApp, type HttpTestApp } from './sso-helpers';

const callback = 'http://127.0.0.1:9/callback';
const isCallback = (url: URL) => url.href.startsWith(callback);

describe('Starlight as an OpenID provider (real HTTP, openid-client as the third-party site)', () => {
  let started: HttpTestApp;
  let adminToken: string;
  let userToken: string;
  let publicClient: { client_id: string; client_secret: string | null; id: number };
  let config: client.Configuration;

  beforeAll(async () => {
    started = await startHttpApp();
    adminToken = await signIn(started.app, 'admin');
    userToken = await signIn(started.app, 'demo-user');
    publicClient = await registerClient(started.app, adminToken, {
      name: 'Lab Notebook',
      public: true,
      redirect_uris: [callback],
      scopes: ['openid', 'profile', 'email', 'offline_access'],
    });
    config = await client.discovery(new URL(started.issuer), publicClient.client_id, undefined, client.None(), { execute: [client.allowInsecureRequests] });
  });
  afterAll(async () => {
    await stopHttpApp(started);
  });

  /** The browser opens the authorize URL, lands on /oauth, the user allows; answers where the browser ended. */
  async function authorize(parameters: Record<string, string>, allow = true, token = userToken): Promise<URL> {
    const browser = new Browser();
    const url = client.buildAuthorizationUrl(config, { redirect_uri: callback, scope: 'openid profile email offline_access', ...parameters });
    const consent = await browser.follow(url.href, (at) => at.pathname === '/oauth' || isCallback(at));
    if (isCallback(consent)) return consent;
    const uid = consent.searchParams.get('uid') ?? '';
    const details = body<{ client: { name: string }; scopes: string[] }>(
      await started.app.inject({ url: api(`/keystone/oauth/interaction/${uid}`), headers: { ...tokenHeader(token), cookie: browser.cookieHeader() } }),
    );
    expect(details.code).toBe(200);
    expect(details.spec.client.name).toBe('Lab Notebook');
    const next = await decide(started.app, token, uid, allow, browser);
    return browser.follow(new URL(next, started.origin).href, isCallback);
  }

  it('serves discovery with the spec token endpoint and S256 PKCE', () => {
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(started.issuer);
    expect(metadata.token_endpoint).toBe(`${started.issuer}/keystone/oauth/token`);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.jwks_uri).toBe(`${started.issuer}/oidc/jwks`);
  });

  it("builds discovery's endpoints from PUBLIC_URL, never from the request's Host or X-Forwarded-Host", async () => {
    const { port } = new URL(started.origin);
    const raw = await new Promise<string>((resolve, reject) => {
      const request = http.get(
        { host: '127.0.0.1', port, path: '/api/.well-known/openid-configuration', headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' } },
        (response) => {
          let text = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => resolve(text));
        },
      );
      request.on('error', reject);
    });
    const document = JSON.parse(raw) as Record<string, unknown>;
    expect(document.token_endpoint).toBe(`${started.issuer}/keystone/oauth/token`);
    const urls = Object.values(document).filter((value): value is string => typeof value === 'string' && /^https?:/.test(value));
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) expect(url.startsWith(`${started.issuer}/`) || url === started.issuer).toBe(true);
    expect(raw).not.toContain('evil.example');
  });

  it('serves its logout pages with nothing from another origin (no CDN font)', async () => {
    const browser = new Browser();
    const question = await browser.get(`${started.issuer}/oidc/session/end`);
    expect(question.status).toBe(200);
    const html = await question.text();
    const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
    expect(form?.[1]).toBe(`${started.issuer}/oidc/session/end/confirm`);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(form?.[2] ?? '')?.[1] ?? '';
    const confirmed = await browser.post(form?.[1] ?? '', { xsrf, logout: 'yes' });
    const done = await browser.get(new URL(confirmed.headers.get('location') ?? '', started.origin).href);
    expect(done.status).toBe(200);
    const success = await done.text();
    expect(success).toContain('signed out');
    for (const page of [html, success]) {
      expect(page).not.toMatch(/@import|<link|<script[^>]*src|googleapis/i);
      const references = [...page.matchAll(/(?:https?:)?\/\/[^\s"'<>)]+/g)].map((m) => m[0]);
      for (const reference of references) expect(reference.startsWith(started.origin)).toBe(true);
    }
  });

  it('completes authorization code + PKCE, verifies the ID token with the JWKS and refreshes', async () => {
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const landed = await authorize({ code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', state });
    expect(landed.searchParams.get('code')).toBeTruthy();
    const tokens = await client.authorizationCodeGrant(config, landed, { pkceCodeVerifier: verifier, expectedState: state });
    expect(tokens.refresh_token).toBeTruthy();
    const jwks = createRemoteJWKSet(new URL(`${started.issuer}/oidc/jwks`));
    const { payload } = await jwtVerify(tokens.id_token ?? '', jwks, { issuer: started.issuer, audience: publicClient.client_id });
    expect(payload.preferred_username).toBe('demo-user');
    expect(payload.email).toBe('demo-user@example.com');
    const userInfo = await client.fetchUserInfo(config, tokens.access_token, String(payload.sub));
    expect(userInfo.preferred_username).toBe('demo-user');

    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token ?? '');
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    const again = await jwtVerify(refreshed.id_token ?? '', jwks, { issuer: started.issuer, audience: publicClient.client_id });
    expect(again.payload.sub).toBe(payload.sub);
  });

  it('refuses a code exchanged with the wrong PKCE verifier', async () => {
    const verifier = client.randomPKCECodeVerifier();
    const landed = await authorize({ code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', state: 's1' });
    const error = await client.authorizationCodeGrant(config, landed, { pkceCodeVerifier: client.randomPKCECodeVerifier(), expectedState: 's1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(client.ResponseBodyError);
    expect((error as client.ResponseBodyError).error).toBe('invalid_grant');
  });

  it('refuses a public client that sends no PKCE challenge', async () => {
    const landed = await new Browser().follow(client.buildAuthorizationUrl(config, { redirect_uri: callback, scope: 'openid' }).href, isCallback);
    expect(landed.searchParams.get('error')).toBe('invalid_request');
    expect(landed.searchParams.get('code')).toBeNull();
  });

  it('never redirects to an unregistered redirect_uri', async () => {
    const url = client.buildAuthorizationUrl(config, { redirect_uri: 'http://127.0.0.1:9/elsewhere', scope: 'openid', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' });
    const response = await new Browser().get(url.href);
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('redirect_uri did not match any of the client');
  });

  it('refuses an unregistered client at the authorization and token endpoints', async () => {
    const authorizeUrl = new URL(`${started.issuer}/oidc/auth`);
    authorizeUrl.search = new URLSearchParams({ client_id: 'not-registered', redirect_uri: callback, response_type: 'code', scope: 'openid' }).toString();
    const page = await new Browser().get(authorizeUrl.href);
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();

    const token = await fetch(`${started.origin}/api/keystone/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'x', client_id: 'not-registered', redirect_uri: callback, code_verifier: 'y'.repeat(43) }).toString(),
    });
    expect(token.status).toBe(401);
    expect(((await token.json()) as { error: string }).error).toBe('invalid_client');
  });

  it('sends the site access_denied when the user clicks Deny', async () => {
    const verifier = client.randomPKCECodeVerifier();
    const landed = await authorize({ code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', state: 's2' }, false);
    expect(landed.searchParams.get('error')).toBe('access_denied');
    expect(landed.searchParams.get('code')).toBeNull();
  });

  it('authenticates a confidential client with its secret (and refuses a wrong one)', async () => {
    const confidential = await registerClient(started.app, adminToken, { name: 'Billing', public: false, redirect_uris: [callback], scopes: ['openid', 'profile'] });
    expect(confidential.client_secret).toMatch(/^[\w-]{40,}$/);
    const goodConfig = await client.discovery(new URL(started.issuer), confidential.client_id, undefined, client.ClientSecretBasic(confidential.client_secret ?? ''), { execute: [client.allowInsecureRequests] });
    const badConfig = await client.discovery(new URL(started.issuer), confidential.client_id, undefined, client.ClientSecretBasic('wrong-secret'), { execute: [client.allowInsecureRequests] });
    const run = async (which: client.Configuration) => {
      const verifier = client.randomPKCECodeVerifier();
      const browser = new Browser();
      const url = client.buildAuthorizationUrl(which, { redirect_uri: callback, scope: 'openid profile', code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', state: 'c' });
      const consent = await browser.follow(url.href, (at) => at.pathname === '/oauth');
      const landed = await browser.follow(new URL(await decide(started.app, userToken, consent.searchParams.get('uid') ?? '', true, browser), started.origin).href, isCallback);
      return client.authorizationCodeGrant(which, landed, { pkceCodeVerifier: verifier, expectedState: 'c' });
    };
    const tokens = await run(goodConfig);
    expect(tokens.id_token).toBeTruthy();
    expect(tokens.refresh_token).toBeUndefined();
    const error = await run(badConfig).catch((e: unknown) => e);
    // 401 with a Basic challenge (RFC 6749 §5.2 invalid_client)
    expect(error).toBeInstanceOf(client.WWWAuthenticateChallengeError);
    expect((error as client.WWWAuthenticateChallengeError).status).toBe(401);
    expect((error as client.WWWAuthenticateChallengeError).cause[0]?.parameters.error).toBe('invalid_client');
  });

  it('issues token/v3 as an RS256 JWT verifiable with the JWKS', async () => {
    const reply = body<{ token_v3: string; jwks_uri: string }>(await started.app.inject({ url: api('/keystone/token/v3'), headers: tokenHeader(userToken) }));
    expect(reply.code).toBe(200);
    expect(decodeProtectedHeader(reply.spec.token_v3).alg).toBe('RS256');
    const { payload } = await jwtVerify(reply.spec.token_v3, createRemoteJWKSet(new URL(reply.spec.jwks_uri)), { issuer: started.issuer, audience: 'starlight' });
    expect(payload.user_name).toBe('demo-user');
    expect(payload.permissions).toEqual([]);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(600);
    const anonymous = body(await started.app.inject({ url: api('/keystone/token/v3') }));
    expect(anonymous.code).toBe(1300);
  });

  it('refuses a redirect outside the provider domain when no client_id is given (spec §5, §8)', async () => {
    const refused = body<{ host: string }>(
      await started.app.inject({ method: 'POST', url: api('/keystone/oauth/authorize'), headers: tokenHeader(userToken), payload: { redirect_url: 'https://evil.example.net/steal' } }),
    );
    expect(refused.code).toBe(1403);
    expect(refused.info).toBe('不能授权evil.example.net使用星光账户信息');
    expect(refused.spec.host).toBe('evil.example.net');
    const allowed = body<{ redirect_to: string }>(
      await started.app.inject({ method: 'POST', url: api('/keystone/oauth/authorize'), headers: tokenHeader(userToken), payload: { redirect_url: 'http://127.0.0.1:5000/home' } }),
    );
    expect(allowed.spec.redirect_to).toBe('http://127.0.0.1:5000/home');
  });

  it("refuses to approve an authorization started in another browser", async () => {
    const victim = new Browser();
    const attacker = new Browser();
    const url = client.buildAuthorizationUrl(config, { redirect_uri: callback, scope: 'openid', code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()), code_challenge_method: 'S256' });
    const consent = await attacker.follow(url.href, (at) => at.pathname === '/oauth');
    const uid = consent.searchParams.get('uid') ?? '';
    const headers = { ...tokenHeader(userToken), cookie: victim.cookieHeader() };
    expect(body(await started.app.inject({ url: api(`/keystone/oauth/interaction/${uid}`), headers })).code).toBe(1403);
    expect(body(await started.app.inject({ method: 'POST', url: api('/keystone/oauth/authorize'), headers, payload: { uid, allow: true } })).code).toBe(1403);
  });

  it('answers 1404 for an unknown or finished interaction', async () => {
    const reply = body(await started.app.inject({ method: 'POST', url: api('/keystone/oauth/authorize'), headers: tokenHeader(userToken), payload: { uid: 'no-such-uid', allow: true } }));
    expect(reply.code).toBe(1404);
  });
});

describe('third-party sites: the admin calls', () => {
  let started: HttpTestApp;
  let adminToken: string;

  beforeAll(async () => {
    started = await startHttpApp();
    adminToken = await signIn(started.app, 'admin');
  });
  afterAll(async () => {
    await stopHttpApp(started);
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
    started.app.inject({ method, url: api(url), headers: tokenHeader(token), ...(payload ? { payload } : {}) });

  it('is refused to users without query_role', async () => {
    const userToken = await signIn(started.app, 'demo-user');
    const reply = body(await call('POST', '/keystone/oauth/clients', userToken, { name: 'x', public: true, redirect_uris: [callback], scopes: ['openid'] }));
    expect(reply.code).toBe(1403);
    expect(body(await call('GET', '/keystone/oauth/clients', userToken)).code).toBe(1403);
  });

  it('validates redirect URIs and scopes, naming the field', async () => {
    const cases: [object, string][] = [
      [{ redirect_uris: ['http://example.com/cb'] }, 'body.redirect_uris.0'],
      [{ redirect_uris: ['https://example.com/cb#frag'] }, 'body.redirect_uris.0'],
      [{ redirect_uris: ['not a url'] }, 'body.redirect_uris.0'],
      [{ redirect_uris: [] }, 'body.redirect_uris'],
      [{ scopes: ['profile'] }, 'body.scopes'],
      [{ scopes: ['openid', 'admin'] }, 'body.scopes.1'],
    ];
    for (const [override, path] of cases) {
      const reply = body<{ fields: { path: string }[] }>(await call('POST', '/keystone/oauth/clients', adminToken, { name: 'Bad', public: true, redirect_uris: ['https://example.com/cb'], scopes: ['openid'], ...override }));
      expect(reply.code).toBe(1400);
      expect(reply.spec.fields.map((f) => f.path)).toContain(path);
    }
    expect(body<{ total: number }>(await call('GET', '/keystone/oauth/clients', adminToken)).spec.total).toBe(0);
  });

  it('shows a secret once, replaces it, and removing a site ends its tokens', async () => {
    const created = await registerClient(started.app, adminToken, { name: 'Wiki', public: false, redirect_uris: ['https://wiki.example.com/cb'], scopes: ['openid', 'email'] });
    expect(created.client_secret).toBeTruthy();
    const list = body<{ list: Record<string, unknown>[]; total: number }>(await call('GET', '/keystone/oauth/clients', adminToken));
    expect(list.spec.total).toBe(1);
    expect(list.spec.list[0]).not.toHaveProperty('client_secret');
    expect(JSON.stringify(list.spec)).not.toContain(created.client_secret);

    const rotated = body<{ client_secret: string }>(await call('POST', `/keystone/oauth/clients/${created.id}/secret`, adminToken));
    expect(rotated.spec.client_secret).toBeTruthy();
    expect(rotated.spec.client_secret).not.toBe(created.client_secret);

    const patched = body<{ name: string; public: boolean; client_secret: string | null }>(
      await call('PATCH', `/keystone/oauth/clients/${created.id}`, adminToken, { name: 'Wiki 2', public: true, redirect_uris: ['https://wiki.example.com/cb2'], scopes: ['openid'] }),
    );
    expect(patched.spec).toMatchObject({ name: 'Wiki 2', public: true, client_secret: null });

    expect(body(await call('DELETE', `/keystone/oauth/clients/${created.id}`, adminToken)).code).toBe(200);
    expect(body(await call('DELETE', `/keystone/oauth/clients/${created.id}`, adminToken)).code).toBe(1404);
    const discovery = await fetch(`${started.issuer}/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    const authorizeUrl = new URL(`${started.issuer}/oidc/auth`);
    authorizeUrl.search = new URLSearchParams({ client_id: created.client_id, redirect_uri: 'https://wiki.example.com/cb2', response_type: 'code', scope: 'openid' }).toString();
    expect((await new Browser().get(authorizeUrl.href)).status).toBe(400);
  });
});
