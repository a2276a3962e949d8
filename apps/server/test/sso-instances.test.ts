import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { startTestApp, stopTestApp, type TestApp } from './helpers';
import { Browser, decide, freePort, registerClient, signIn } from './sso-helpers';

const callback = 'http://127.0.0.1:9/callback';

/** Keys, clients, codes and tokens live in the database: a restart and a second instance keep working. */
describe('the OpenID provider across restarts and instances', () => {
  let first: TestApp;
  let second: TestApp | null = null;
  let origin: string;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    first = await startTestApp({ env: { STARLIGHT_PUBLIC_URL: origin } });
    await first.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    if (second) await stopTestApp(second);
    else await stopTestApp(first);
  });

  it('redeems a code at a second instance and refreshes after a restart, with the same signing key', async () => {
    const issuer = `${origin}/api`;
    const adminToken = await signIn(first.app, 'admin');
    const userToken = await signIn(first.app, 'demo-user');
    const registered = await registerClient(first.app, adminToken, { name: 'Twin', public: true, redirect_uris: [callback], scopes: ['openid', 'offline_access'] });
    const config = await client.discovery(new URL(issuer), registered.client_id, undefined, client.None(), { execute: [client.allowInsecureRequests] });
    const kidsBefore = ((await (await fetch(`${issuer}/oidc/jwks`)).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid);

    // A second instance on the same database, behind the same public URL (a load balancer's two backends).
    const twinPort = await freePort();
    const twin = await startTestApp({ env: { STARLIGHT_PUBLIC_URL: origin }, database: first.database });
    await twin.app.listen({ port: twinPort, host: '127.0.0.1' });

    const verifier = client.randomPKCECodeVerifier();
    const browser = new Browser();
    const url = client.buildAuthorizationUrl(config, { redirect_uri: callback, scope: 'openid offline_access', prompt: 'consent', code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256' });
    const consent = await browser.follow(url.href, (at) => at.pathname === '/oauth');
    // the consent is given through the twin: the interaction is in the database, not in one process
    const resume = await decide(twin.app, userToken, consent.searchParams.get('uid') ?? '', true, browser);
    const landed = await browser.follow(new URL(resume, origin).href, (at) => at.href.startsWith(callback));
    const code = landed.searchParams.get('code') ?? '';
    const exchanged = await fetch(`http://127.0.0.1:${twinPort}/api/keystone/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: callback, client_id: registered.client_id, code_verifier: verifier }).toString(),
    });
    expect(exchanged.status).toBe(200);
    const tokens = (await exchanged.json()) as { id_token: string; refresh_token: string };
    await twin.app.close();

    // Restart: a new process on the same database and port.
    await first.app.close();
    second = await startTestApp({ env: { STARLIGHT_PUBLIC_URL: origin }, database: first.database });
    await second.app.listen({ port, host: '127.0.0.1' });
    // fetch's pool may still hold a keep-alive socket to the stopped process: the first try drops it
    await fetch(`${issuer}/oidc/jwks`).catch(() => undefined);
    const kidsAfter = ((await (await fetch(`${issuer}/oidc/jwks`)).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid);
    expect(kidsAfter).toEqual(kidsBefore);

    const jwks = createRemoteJWKSet(new URL(`${issuer}/oidc/jwks`));
    await expect(jwtVerify(tokens.id_token, jwks, { issuer, audience: registered.client_id })).resolves.toBeTruthy();
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token);
    expect(refreshed.access_token).toBeTruthy();
    await expect(jwtVerify(refreshed.id_token ?? '', jwks, { issuer, audience: registered.client_id })).resolves.toBeTruthy();
  });
});
