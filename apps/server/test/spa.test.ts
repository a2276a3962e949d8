import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, startTestApp, stopTestApp, type TestApp } from './helpers';

let t: TestApp;
let webDist: string;
const html = { accept: 'text/html,application/xhtml+xml' };

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'starlight-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>星光</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'index-3f9a1c.js'), 'console.log("app")');
  writeFileSync(path.join(webDist, 'favicon.ico'), 'icon');
  t = await startTestApp({ env: { STARLIGHT_WEB_DIST: webDist, STARLIGHT_DEMO: '0' } });
});
afterAll(async () => {
  await stopTestApp(t);
  rmSync(webDist, { recursive: true, force: true });
});

describe('the web app (history fallback)', () => {
  it('serves index.html for /dashboard, never cached', async () => {
    const reply = await t.app.inject({ url: '/dashboard', headers: html });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(reply.body).toContain('<title>星光</title>');
  });

  it('serves hashed assets cached for a year and other files revalidated', async () => {
    const asset = await t.app.inject({ url: '/assets/index-3f9a1c.js' });
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ url: '/favicon.ico' })).headers['cache-control']).toBe('no-cache');
  });

  it('answers /api/nope with a 1404 envelope even when the browser asks for HTML', async () => {
    const reply = await t.app.inject({ url: '/api/nope', headers: html });
    expect(reply.statusCode).toBe(404);
    expect(body(reply)).toMatchObject({ code: 1404, info: 'not found: GET /api/nope' });
  });

  it('answers a missing file that is not a page request with a 1404 envelope', async () => {
    const reply = await t.app.inject({ url: '/assets/missing.js' });
    expect(body(reply).code).toBe(1404);
  });

  it('never serves files outside the web build', async () => {
    const reply = await t.app.inject({ url: '/%2e%2e/package.json' });
    expect(reply.statusCode).toBe(404);
    expect(reply.body).not.toContain('@starlight');
  });
});
