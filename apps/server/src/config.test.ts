import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const cwd = '/srv/starlight';

describe('config', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({ env: {}, cwd });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: null,
      dataDir: '/srv/starlight/data',
      basePath: '/api',
      bodyLimit: 1024 * 1024,
      initialAdminPassword: null,
      demo: false,
      login: { maxFailures: 5, windowS: 900 },
      trustProxy: false,
    });
    expect(config.webDist).toBe(path.resolve(import.meta.dirname, '../../web/dist'));
  });

  it('stops with a message naming the variable of a bad setting', () => {
    const load = () => loadConfig({ env: { STARLIGHT_PORT: 'eighty', STARLIGHT_BASE_PATH: 'api/' }, cwd });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/STARLIGHT_PORT: expected an integer/);
    expect(load).toThrow(/STARLIGHT_BASE_PATH: must look like \/api/);
  });

  it('refuses a frame source that is not an origin (a bare scheme, a wildcard, a path)', () => {
    for (const bad of ['https:', '*', 'https://example.org/embed', 'example.org'])
      expect(() => loadConfig({ env: { STARLIGHT_FRAME_SOURCES: bad }, cwd }), bad).toThrow(/STARLIGHT_FRAME_SOURCES.*must be an origin/);
    expect(loadConfig({ env: { STARLIGHT_FRAME_SOURCES: 'https://*.example.org,http://127.0.0.1:3000' }, cwd }).frameSources).toEqual(['https://*.example.org', 'http://127.0.0.1:3000']);
  });

  it('reads the JSON file named by STARLIGHT_CONFIG, the environment winning', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'starlight-config-'));
    writeFileSync(path.join(dir, 'starlight.json'), JSON.stringify({ PORT: 9000, HOST: '0.0.0.0', LOGIN_MAX_FAILURES: 8 }));
    const config = loadConfig({ env: { STARLIGHT_CONFIG: 'starlight.json', STARLIGHT_PORT: '9100' }, cwd: dir });
    expect([config.port, config.host, config.login.maxFailures]).toEqual([9100, '0.0.0.0', 8]);
  });

  it('names a bad value or an unknown key in the config file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'starlight-config-'));
    writeFileSync(path.join(dir, 'bad.json'), JSON.stringify({ PORT: 70000, PROT: 1 }));
    const load = () => loadConfig({ env: { STARLIGHT_CONFIG: 'bad.json' }, cwd: dir });
    expect(load).toThrow(/PORT in bad\.json: /);
    expect(load).toThrow(/bad\.json: unknown setting PROT/);
  });

  it("puts interactive sessions on their own port, and never on the console's host", () => {
    expect(loadConfig({ env: {}, cwd }).interactive).toMatchObject({ sessionPort: 8081, sessionPublicUrl: null });
    expect(loadConfig({ env: { STARLIGHT_PORT: '0' }, cwd }).interactive.sessionPort).toBe(0);
    const own = loadConfig({ env: { STARLIGHT_PUBLIC_URL: 'https://console.example.com', STARLIGHT_SESSION_PUBLIC_URL: 'https://sessions.example.net', STARLIGHT_SESSION_PORT: '9000' }, cwd });
    expect(own.interactive).toMatchObject({ sessionPort: 9000, sessionPublicUrl: 'https://sessions.example.net' });
    // cookies ignore ports: the console's host at another port would share its token cookie with the apps
    expect(() => loadConfig({ env: { STARLIGHT_PUBLIC_URL: 'https://console.example.com', STARLIGHT_SESSION_PUBLIC_URL: 'https://console.example.com:8443' }, cwd })).toThrow(/STARLIGHT_SESSION_PUBLIC_URL: must be on another host/);
    expect(() => loadConfig({ env: { STARLIGHT_SESSION_PUBLIC_URL: 'https://sessions.example.net/path' }, cwd })).toThrow(/STARLIGHT_SESSION_PUBLIC_URL/);
  });

  it('turns the demo data on with --demo or STARLIGHT_DEMO=1', () => {
    expect(loadConfig({ env: {}, argv: ['--demo'], cwd }).demo).toBe(true);
    expect(loadConfig({ env: { STARLIGHT_DEMO: '1' }, cwd }).demo).toBe(true);
    expect(() => loadConfig({ env: { STARLIGHT_DEMO: 'maybe' }, cwd })).toThrow(/STARLIGHT_DEMO: expected true or false/);
  });

  it('takes a boolean, a hop count or addresses for STARLIGHT_TRUST_PROXY', () => {
    const trust = (value: string) => loadConfig({ env: { STARLIGHT_TRUST_PROXY: value }, cwd }).trustProxy;
    expect([trust('true'), trust('2'), trust('10.0.0.0/8,127.0.0.1')]).toEqual([true, 2, '10.0.0.0/8,127.0.0.1']);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ env: { STARLIGHT_PORT: '', STARLIGHT_INITIAL_ADMIN_PASSWORD: '' }, cwd })).toMatchObject({
      port: 8080,
      initialAdminPassword: null,
    });
  });
});
