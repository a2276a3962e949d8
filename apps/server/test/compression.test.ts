import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressThresholdBytes } from '../src/plugins/compression';
import { startTestApp, stopTestApp, type TestApp } from './helpers';

// Compression on the wire: the web build's files precompressed (written by apps/web/vite.config.ts's
// precompress plugin; the e2e security-headers spec checks the real build), JSON answers of a few KiB compressed.
let t: TestApp;
let webDist: string;
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'starlight-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><script type="module" src="/assets/index-3f9a1c.js"></script><div id="root"></div>');
  const file = path.join(webDist, 'assets', 'index-3f9a1c.js');
  writeFileSync(file, script);
  writeFileSync(`${file}.br`, brotliCompressSync(script));
  writeFileSync(`${file}.gz`, gzipSync(script));
  t = await startTestApp({ env: { STARLIGHT_WEB_DIST: webDist, STARLIGHT_DEMO: '0' } });
});
afterAll(async () => {
  await stopTestApp(t);
  rmSync(webDist, { recursive: true, force: true });
});

const asset = '/assets/index-3f9a1c.js';

describe('the web build, precompressed', () => {
  it('sends the brotli file to a browser that accepts br, with Content-Encoding and Vary', async () => {
    const reply = await t.app.inject({ url: asset, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['vary']).toMatch(/accept-encoding/i);
    expect(reply.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.rawPayload.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(reply.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip file to a client that accepts gzip only', async () => {
    const reply = await t.app.inject({ url: asset, headers: { 'accept-encoding': 'gzip' } });
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(reply.rawPayload).toString()).toBe(script);
  });

  it('sends the file itself to a client without Accept-Encoding (still Vary, for caches)', async () => {
    const reply = await t.app.inject({ url: asset });
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.headers['vary']).toMatch(/accept-encoding/i);
    expect(reply.body).toBe(script);
  });
});

describe('JSON answers', () => {
  it('compresses a large answer (the OpenAPI document) by Accept-Encoding', async () => {
    const plain = await t.app.inject({ url: '/api/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(compressThresholdBytes);

    const br = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(JSON.parse(plain.body));

    const gz = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('sends a small answer as it is, whatever the client accepts', async () => {
    const reply = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(reply.statusCode).toBe(200);
    expect(reply.rawPayload.length).toBeLessThan(compressThresholdBytes);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(reply.body)).toMatchObject({ code: 200 });
  });

  it('sends identity to a client that accepts no encoding it knows', async () => {
    const reply = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'identity' } });
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(reply.body)).toHaveProperty('openapi');
  });
});
