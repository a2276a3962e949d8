import { describe, expect, it } from 'vitest';
import { adminAnnouncement, runtimeNotice, startBanner } from './announcement';

describe('startBanner (what `npm start` shows)', () => {
  const url = 'http://127.0.0.1:8080';
  it('ends with the address to open, after the first-admin notice', () => {
    const admin = adminAnnouncement(url, { userName: 'admin', password: 'pw', passwordFromConfig: false });
    const text = startBanner({ url, basePath: '/api', database: 'PostgreSQL', notices: [admin], runtime: runtimeNotice('20.20.2') });
    const lines = text.trimEnd().split('\n');
    expect(lines.at(-1)).toBe(`Starlight is running at ${url}`);
    expect(text.indexOf('first platform administrator')).toBeLessThan(text.indexOf('Starlight is running at'));
    expect(lines[0]).toContain('Node.js 20.20.2 is supported');
  });
  it('has no runtime line on Node 22 and later', () => {
    expect(runtimeNotice('22.12.0')).toBeNull();
    expect(runtimeNotice('24.1.0')).toBeNull();
    expect(startBanner({ url, basePath: '/api', database: 'PostgreSQL', notices: [], runtime: null }).split('\n')[0]).toBe('');
  });
});
