import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Provider from 'oidc-provider';
import { exportJWK, generateKeyPair } from 'jose';
import { api, body, tokenHeader, randomTokenShape } from './helpers';
import { Browser, freePort, signIn, startHttpApp, stopHttpApp, type HttpTestApp } from './sso-helpers';

type Claims = Record<string, unknown>;

/** The people the external identity provider knows (its subjects). */
const externalPeople: Record<string, Claims> = {
  'ext-demo': { email: 'demo-user@example.com', email_verified: true, preferred_username: 'someone-else', name: 'Demo at the IdP' },
  'ext-new': { email: 'newcomer@example.org', email_verified: true, preferred_username: 'New Comer', name: 'New Comer' },
  'ext-unverified': { email: 'demo-bound@example.com', email_verified: false, preferred_username: 'pretender', name: 'Pretender' },
};

interface ExternalIdp {
  issuer: string;
  server: Server;
  /** Who signs in at the IdP next (its login page is skipped: it is not what is under test). */
  signInAs: (subject: string) => void;
}

/** A second, independent oidc-provider on loopback playing the organisation's identity provider. */
async function startExternalIdp(redirectUri: string): Promise<ExternalIdp> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  let subject = 'ext-demo';
  const idp = new Provider(issuer, {
    clients: [{ client_id: 'starlight-console', client_secret: 'idp-client-secret-123', redirect_uris: [redirectUri], token_endpoint_auth_method: 'client_secret_basic' }],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'idp-key', alg: 'RS256', use: 'sig' } as never] },
    cookies: { keys: ['external-idp-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username', 'name'] },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => (externalPeople[sub] ? { accountId: sub, claims: () => ({ sub, ...externalPeople[sub] }) } : undefined),
  });
  const callback = idp.callback();
  const server = createServer((req, res) => {
    if (!req.url?.startsWith('/interaction/')) return void callback(req, res);
    void (async () => {
      const details = await idp.interactionDetails(req, res);
      const grant = new idp.Grant({ accountId: subject, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      await idp.interactionFinished(req, res, { login: { accountId: subject }, consent: { grantId: await grant.save() } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { issuer, server, signInAs: (next) => void (subject = next) };
}

describe('sign-in through an external OpenID Connect provider (/vc-login)', () => {
  let started: HttpTestApp;
  let idp: ExternalIdp;
  let adminToken: string;

  const configure = (overrides: Record<string, unknown> = {}) =>
    started.app.inject({
      method: 'PUT',
      url: api('/keystone/external/providers/oidc'),
      headers: tokenHeader(adminToken),
      payload: {
        name: 'Campus ID',
        issuer: idp.issuer,
        authorization_endpoint: `${idp.issuer}/auth`,
        token_endpoint: `${idp.issuer}/token`,
        userinfo_endpoint: `${idp.issuer}/me`,
        jwks_uri: `${idp.issuer}/jwks`,
        client_id: 'starlight-console',
        client_secret: 'idp-client-secret-123',
        scopes: 'openid email profile',
        claims: { subject: 'sub', userName: 'preferred_username', email: 'email', emailVerified: 'email_verified', realName: 'name' },
        link_by_email: true,
        create_users: false,
        ...overrides,
      },
    });

  /** /vc-login: start, the browser goes through the IdP and back to /vc-login?code&state, the page posts them. */
  async function signInThroughIdp(subject: string): Promise<{ code: number; info: string; token: string | null; url: URL }> {
    idp.signInAs(subject);
    const start = body<{ authorization_url: string }>(await started.app.inject({ method: 'POST', url: api('/keystone/external/oidc/start') }));
    expect(start.code).toBe(200);
    const landed = await new Browser().follow(start.spec.authorization_url, (at) => at.href.startsWith(`${started.origin}/vc-login`));
    const reply = body<{ token: string }>(
      await started.app.inject({
        method: 'POST',
        url: api('/keystone/external/oidc/callback'),
        payload: { code: landed.searchParams.get('code') ?? 'none', state: landed.searchParams.get('state') ?? 'none' },
      }),
    );
    return { code: reply.code, info: reply.info, token: reply.code === 200 ? reply.spec.token : null, url: landed };
  }

  const userNameOf = async (token: string) => {
    const reply = body<{ token_v3: string }>(await started.app.inject({ url: api('/keystone/token/v3'), headers: tokenHeader(token) }));
    const payload = JSON.parse(Buffer.from(reply.spec.token_v3.split('.')[1] ?? '', 'base64url').toString()) as { user_name: string };
    return payload.user_name;
  };

  beforeAll(async () => {
    started = await startHttpApp();
    idp = await startExternalIdp(`${started.origin}/vc-login`);
    adminToken = await signIn(started.app, 'admin');
  });
  afterAll(async () => {
    await new Promise((resolve) => idp.server.close(resolve));
    await stopHttpApp(started);
  });

  it('is offered only once an admin configures it', async () => {
    expect(body<{ enabled: boolean }>(await started.app.inject({ url: api('/keystone/external/oidc') })).spec.enabled).toBe(false);
    expect(body(await started.app.inject({ method: 'POST', url: api('/keystone/external/oidc/start') })).code).toBe(1404);
    const missingSecret = body<{ fields: { path: string }[] }>(await configure({ client_secret: undefined }));
    expect(missingSecret.code).toBe(1400);
    expect(missingSecret.spec.fields[0]?.path).toBe('body.client_secret');
    const userToken = await signIn(started.app, 'demo-user');
    const refused = await started.app.inject({ method: 'PUT', url: api('/keystone/external/providers/oidc'), headers: tokenHeader(userToken), payload: {} });
    expect(body(refused).code).toBe(1403);

    const saved = body<{ has_secret: boolean; callback_url: string }>(await configure());
    expect(saved.code).toBe(200);
    expect(saved.spec.has_secret).toBe(true);
    expect(saved.spec.callback_url).toBe(`${started.origin}/vc-login`);
    const list = await started.app.inject({ url: api('/keystone/external/providers'), headers: tokenHeader(adminToken) });
    expect(list.body).not.toContain('idp-client-secret-123');
    expect(body<{ name: string; enabled: boolean }>(await started.app.inject({ url: api('/keystone/external/oidc') })).spec).toMatchObject({ name: 'Campus ID', enabled: true });
  });

  it('sends the browser to the IdP with PKCE S256, state and nonce', async () => {
    const start = body<{ authorization_url: string }>(await started.app.inject({ method: 'POST', url: api('/keystone/external/oidc/start') }));
    const url = new URL(start.spec.authorization_url);
    expect(url.origin + url.pathname).toBe(`${idp.issuer}/auth`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(`${started.origin}/vc-login`);
    expect(url.searchParams.get('nonce')).toMatch(randomTokenShape);
    expect(url.searchParams.get('state')).toMatch(randomTokenShape);
  });

  it('links the first sign-in to the user with that verified e-mail, and keeps the link', async () => {
    const first = await signInThroughIdp('ext-demo');
    expect(first.code).toBe(200);
    expect(await userNameOf(first.token ?? '')).toBe('demo-user');
    externalPeople['ext-demo'] = { ...externalPeople['ext-demo'], email: 'changed@example.org' };
    const again = await signInThroughIdp('ext-demo');
    expect(await userNameOf(again.token ?? '')).toBe('demo-user');
  });

  it('refuses an unknown person when creating users is off', async () => {
    const refused = await signInThroughIdp('ext-new');
    expect(refused.code).toBe(1403);
    expect(refused.info).toContain('no Starlight account is linked');
  });

  it('creates a user on first sign-in when the setting allows it', async () => {
    expect(body(await configure({ client_secret: undefined, create_users: true })).code).toBe(200);
    const created = await signInThroughIdp('ext-new');
    expect(created.code).toBe(200);
    expect(await userNameOf(created.token ?? '')).toBe('new-comer');
  });

  it('never links by an unverified e-mail', async () => {
    const result = await signInThroughIdp('ext-unverified');
    expect(result.code).toBe(200);
    const name = await userNameOf(result.token ?? '');
    expect(name).not.toBe('demo-bound');
    expect(name).toBe('pretender');
  });

  it('uses a state once and refuses a forged code', async () => {
    idp.signInAs('ext-demo');
    const start = body<{ authorization_url: string }>(await started.app.inject({ method: 'POST', url: api('/keystone/external/oidc/start') }));
    const landed = await new Browser().follow(start.spec.authorization_url, (at) => at.href.startsWith(`${started.origin}/vc-login`));
    const payload = { code: landed.searchParams.get('code') ?? '', state: landed.searchParams.get('state') ?? '' };
    expect(body(await started.app.inject({ method: 'POST', url: api('/keystone/external/oidc/callback'), payload })).code).toBe(200);
    const replay = body<{ fields: { path: string }[] }>(await started.app.inject({ method: 'POST', url: api('/keystone/external/oidc/callback'), payload }));
    expect(replay.code).toBe(1400);
    expect(replay.spec.fields[0]?.path).toBe('body.state');

    const fresh = new URL(body<{ authorization_url: string }>(await started.app.inject({ method: 'POST', url: api('/keystone/external/oidc/start') })).spec.authorization_url);
    const forged = body(await started.app.inject({ method: 'POST', url: api('/keystone/external/oidc/callback'), payload: { code: 'forged-code', state: fresh.searchParams.get('state') ?? '' } }));
    expect(forged.code).toBe(1403);
  });
});

/** WeChat's API (qrconnect, sns/oauth2/access_token, sns/userinfo) as a loopback stand-in: appid/secret in the query, errcode in 200s. */
describe('sign-in through the WeChat preset (/wx-login)', () => {
  let started: HttpTestApp;
  let wechat: Server;
  let wechatOrigin: string;
  let adminToken: string;

  beforeAll(async () => {
    started = await startHttpApp();
    adminToken = await signIn(started.app, 'admin');
    const port = await freePort();
    wechatOrigin = `http://127.0.0.1:${port}`;
    wechat = createServer((req, res) => {
      const url = new URL(req.url ?? '/', wechatOrigin);
      res.setHeader('content-type', 'application/json');
      if (url.pathname === '/sns/oauth2/access_token') {
        const ok = url.searchParams.get('appid') === 'wx-app' && url.searchParams.get('secret') === 'wx-secret-value' && url.searchParams.get('code') === 'scan-ok';
        res.end(JSON.stringify(ok ? { access_token: 'AT', openid: 'o-openid-1', unionid: 'u-union-1', scope: 'snsapi_login' } : { errcode: 40029, errmsg: 'invalid code' }));
        return;
      }
      if (url.pathname === '/sns/userinfo' && url.searchParams.get('access_token') === 'AT') {
        res.end(JSON.stringify({ openid: url.searchParams.get('openid'), nickname: '小明', unionid: 'u-union-1' }));
        return;
      }
      res.statusCode = 404;
      res.end('{}');
    });
    await new Promise<void>((resolve) => wechat.listen(port, '127.0.0.1', resolve));
    const saved = await started.app.inject({
      method: 'PUT',
      url: api('/keystone/external/providers/wechat'),
      headers: tokenHeader(adminToken),
      payload: {
        name: 'WeChat',
        authorization_endpoint: `${wechatOrigin}/connect/qrconnect`,
        token_endpoint: `${wechatOrigin}/sns/oauth2/access_token`,
        userinfo_endpoint: `${wechatOrigin}/sns/userinfo`,
        client_id: 'wx-app',
        client_secret: 'wx-secret-value',
        scopes: 'snsapi_login',
        claims: { subject: 'unionid', userName: 'nickname', email: 'email', emailVerified: 'email_verified', realName: 'nickname' },
        link_by_email: false,
        create_users: true,
      },
    });
    expect(body(saved).code).toBe(200);
  });
  afterAll(async () => {
    await new Promise((resolve) => wechat.close(resolve));
    await stopHttpApp(started);
  });

  it("builds WeChat's QR page URL with appid and #wechat_redirect, and an embeddable one", async () => {
    const start = body<{ authorization_url: string; embed_url: string }>(await started.app.inject({ method: 'POST', url: api('/keystone/external/wechat/start') }));
    const url = new URL(start.spec.authorization_url);
    expect(url.pathname).toBe('/connect/qrconnect');
    expect(url.searchParams.get('appid')).toBe('wx-app');
    expect(url.searchParams.get('scope')).toBe('snsapi_login');
    expect(url.searchParams.get('redirect_uri')).toBe(`${started.origin}/wx-login`);
    expect(url.hash).toBe('#wechat_redirect');
    expect(url.searchParams.get('client_id')).toBeNull();
    expect(new URL(start.spec.embed_url).searchParams.get('login_type')).toBe('jssdk');
  });

  it('signs in by unionid, creating the user once, and refuses a bad code with WeChat errmsg', async () => {
    const startOnce = async () => new URL(body<{ authorization_url: string }>(await started.app.inject({ method: 'POST', url: api('/keystone/external/wechat/start') })).spec.authorization_url).searchParams.get('state') ?? '';
    const first = body<{ token: string }>(await started.app.inject({ method: 'POST', url: api('/keystone/external/wechat/callback'), payload: { code: 'scan-ok', state: await startOnce() } }));
    expect(first.code).toBe(200);
    const second = body<{ token: string }>(await started.app.inject({ method: 'POST', url: api('/keystone/external/wechat/callback'), payload: { code: 'scan-ok', state: await startOnce() } }));
    const names = await Promise.all(
      [first, second].map(async (reply) => {
        const v3 = body<{ token_v3: string }>(await started.app.inject({ url: api('/keystone/token/v3'), headers: tokenHeader(reply.spec.token) }));
        return (JSON.parse(Buffer.from(v3.spec.token_v3.split('.')[1] ?? '', 'base64url').toString()) as { user_name: string }).user_name;
      }),
    );
    expect(names[0]).toMatch(/^wx-[0-9a-f]{6}$/);
    expect(names[1]).toBe(names[0]);

    const bad = body(await started.app.inject({ method: 'POST', url: api('/keystone/external/wechat/callback'), payload: { code: 'expired', state: await startOnce() } }));
    expect(bad.code).toBe(1403);
    expect(bad.info).toContain('invalid code');
  });
});
