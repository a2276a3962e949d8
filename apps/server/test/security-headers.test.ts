import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api, startTestApp, stopTestApp, type TestApp } from './helpers';

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'starlight-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><script type="module" src="/assets/app.js"></script>');
  await writeFile(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  t = await startTestApp({ env: { STARLIGHT_WEB_DIST: webDist } });
});
afterAll(async () => {
  await stopTestApp(t);
  await rm(webDist, { recursive: true, force: true });
});

const expectHardened = (headers: Record<string, unknown>) => {
  expect(headers).toMatchObject({
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  });
  expect(String(headers['permissions-policy'])).toContain('camera=()');
};

describe('security headers', () => {
  it('the SPA page carries a CSP without inline script, framing refused', async () => {
    const reply = await t.app.inject({ url: '/jobs', headers: { accept: 'text/html' } });
    expect(reply.statusCode).toBe(200);
    expectHardened(reply.headers);
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const script = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
    expect(script.trim()).toBe("'self'");
    expect(csp).not.toMatch(/unsafe-eval/);
  });

  it('frames its own pages, blob: previews and WeChat\'s QR page only — not any https origin', async () => {
    const reply = await t.app.inject({ url: '/jobs', headers: { accept: 'text/html' } });
    const frames = /frame-src ([^;]+)/.exec(String(reply.headers['content-security-policy']))?.[1]?.trim().split(/\s+/);
    expect(frames).toEqual(["'self'", 'blob:', 'https://open.weixin.qq.com']);
  });

  it('takes the framed origins from STARLIGHT_FRAME_SOURCES (none: its own and blob: only)', async () => {
    for (const [setting, expected] of [
      ['https://grafana.example.org, https://login.example.edu:8443', "frame-src 'self' blob: https://grafana.example.org https://login.example.edu:8443;"],
      ['none', "frame-src 'self' blob:;"],
    ] as const) {
      const app = await startTestApp({ env: { STARLIGHT_WEB_DIST: webDist, STARLIGHT_FRAME_SOURCES: setting } });
      try {
        const reply = await app.app.inject({ url: '/jobs', headers: { accept: 'text/html' } });
        expect(String(reply.headers['content-security-policy'])).toContain(expected);
        expect(String((await app.app.inject({ url: api('/health') })).headers['content-security-policy'])).toContain(expected);
      } finally {
        await stopTestApp(app);
      }
    }
  });

  it('assets, API answers, errors and the OpenID provider\'s own endpoints carry them too', async () => {
    for (const [url, status] of [['/assets/app.js', 200], [api('/health'), 200], [api('/user/user'), 401], [api('/nope'), 404], [api('/.well-known/openid-configuration'), 200]] as const) {
      const reply = await t.app.inject({ url });
      expect(reply.statusCode, url).toBe(status);
      expectHardened(reply.headers);
    }
  });

  it("lets the console's pages connect to the interactive sessions' origin, and serves no app itself", async () => {
    const port = await t.app.sessionOrigin.listen('127.0.0.1', 0);
    const page = await t.app.inject({ url: '/app/interactive', headers: { accept: 'text/html', host: `127.0.0.1:8080` } });
    // the console on 127.0.0.1: its sessions on localhost (another host: cookies ignore ports), websockets for noVNC
    expect(String(page.headers['content-security-policy'])).toContain(`connect-src 'self' http://localhost:${port} ws://localhost:${port};`);
    const named = await t.app.inject({ url: '/app/interactive', headers: { accept: 'text/html', host: 'console.example' } });
    expect(String(named.headers['content-security-policy'])).toContain("connect-src 'self';");
    // the session origin answers nothing but a session's proxy path, with its own hardening headers
    const other = await fetch(`http://127.0.0.1:${port}/api/user/user/self`);
    expect(other.status).toBe(404);
    expect(other.headers.get('x-content-type-options')).toBe('nosniff');
    expect(((await other.json()) as { code: number }).code).toBe(1404);
  });
});
