import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { adminPassword, demoPassword, e2ePort } from './env';

const origin = `http://127.0.0.1:${e2ePort}`;
const issuer = `${origin}/api`;

/** The third-party site's callback: a real HTTP server on loopback that records the code it receives. */
async function startCallbackServer(): Promise<{ server: Server; url: string; received: Promise<URL> }> {
  let deliver: (url: URL) => void = () => undefined;
  const received = new Promise<URL>((resolve) => (deliver = resolve));
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(`<h1 data-testid="site-callback">${url.searchParams.has('code') ? 'code received' : 'no code'}</h1>`);
    deliver(url);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, url: `http://127.0.0.1:${port}/callback`, received };
}

test('a registered site signs demo-user in with authorization code + PKCE through the consent page', async ({ page, request }) => {
  const site = await startCallbackServer();
  try {
    const adminLogin = await request.post('/api/keystone/short_term_token/name', { data: { name: 'admin', password: adminPassword } });
    const adminToken = ((await adminLogin.json()) as { spec: { token: string } }).spec.token;
    const registered = await request.post('/api/keystone/oauth/clients', {
      headers: { 'Bihu-Token': adminToken },
      data: { name: 'E2E Notebook', public: true, redirect_uris: [site.url], scopes: ['openid', 'profile', 'email'] },
    });
    const client = ((await registered.json()) as { code: number; spec: { client_id: string } }).spec;

    const verifier = randomBytes(32).toString('base64url');
    const authorize = new URL(`${issuer}/oidc/auth`);
    authorize.search = new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: site.url,
      response_type: 'code',
      scope: 'openid profile email',
      state: 'e2e-state',
      nonce: 'e2e-nonce',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();

    // Not signed in: the provider sends the browser to /oauth, which sends it to /login and back.
    await page.goto(authorize.href);
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.getByTestId('login-name').fill('demo-user');
    await page.getByTestId('login-password').fill(demoPassword);
    await page.getByTestId('login-submit').click();

    await expect(page.getByTestId('oauth-consent')).toContainText('E2E Notebook');
    await expect(page.getByTestId('oauth-scopes')).toContainText('See your e-mail address');
    await page.getByTestId('oauth-allow').click();
    await expect(page.getByTestId('site-callback')).toHaveText('code received');

    const callback = await site.received;
    expect(callback.searchParams.get('state')).toBe('e2e-state');
    const exchanged = await request.post('/api/keystone/oauth/token', {
      form: { grant_type: 'authorization_code', code: callback.searchParams.get('code') ?? '', redirect_uri: site.url, client_id: client.client_id, code_verifier: verifier },
    });
    expect(exchanged.status()).toBe(200);
    const tokens = (await exchanged.json()) as { id_token: string; access_token: string };
    const { payload } = await jwtVerify(tokens.id_token, createRemoteJWKSet(new URL(`${issuer}/oidc/jwks`)), { issuer, audience: client.client_id });
    expect(payload.preferred_username).toBe('demo-user');
    expect(payload.nonce).toBe('e2e-nonce');

    // The same code a second time is refused.
    const replay = await request.post('/api/keystone/oauth/token', {
      form: { grant_type: 'authorization_code', code: callback.searchParams.get('code') ?? '', redirect_uri: site.url, client_id: client.client_id, code_verifier: verifier },
    });
    expect(replay.status()).toBe(400);
  } finally {
    await new Promise((resolve) => site.server.close(resolve));
  }
});

test('a redirect outside the provider domain without client_id is refused, and OK leads to /login', async ({ page }) => {
  await page.goto('/oauth?redirect_url=https%3A%2F%2Fevil.example.net%2Fsteal');
  await expect(page.getByTestId('sso-refusal')).toHaveText('Cannot authorize evil.example.net to use your Starlight account information');
  await page.getByTestId('sso-refusal-ok').click();
  await expect(page).toHaveURL(/\/login$/);
});
