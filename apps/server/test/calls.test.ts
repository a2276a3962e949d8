import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, stopTestApp, type TestApp } from './helpers';

/**
 * Every call the spec names (packages/contract/spec/calls.tsv, a copy of the spec's list) is served with exactly
 * that method and path. The calls of areas built by later issues are listed here by area; the list only shrinks.
 */
const later: { area: string; match: RegExp }[] = [];

interface Call {
  method: string;
  path: string;
  key: string;
}

const normalise = (p: string) => p.replace(/\{[^}]+\}/g, '{}').replace(/:[A-Za-z_]+/g, '{}');

function specCalls(): Call[] {
  const file = path.resolve(import.meta.dirname, '../../../packages/contract/spec/calls.tsv');
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [method = '', callPath = ''] = line.split('\t');
      return { method, path: callPath, key: `${method} ${normalise(callPath)}` };
    });
}

describe('the calls of the spec', () => {
  let t: TestApp;
  const served = new Set<string>();
  beforeAll(async () => {
    t = await startTestApp();
    // the route table itself (the OpenAPI document merges templates and drops a trailing slash for tools)
    for (const route of t.app.routeAccessTable) served.add(`${route.method} ${normalise(route.url.replace(/^\/api/, ''))}`);
  });
  afterAll(async () => {
    await stopTestApp(t);
  });

  it('reads the list of 173 calls', () => {
    expect(specCalls()).toHaveLength(173);
  });

  it('serves every call not owned by a later area, with the exact method and path', () => {
    const missing = specCalls()
      .filter((call) => !later.some((entry) => entry.match.test(call.key)))
      .filter((call) =>
        call.method === 'WS' ? !t.app.hasRoute({ method: 'GET', url: `/api${call.path}` }) : !served.has(call.key),
      )
      .map((call) => `${call.method} ${call.path}`);
    expect(missing).toEqual([]);
  });

  it('lists as later only calls that are still missing (the list shrinks as areas land)', () => {
    const stale = specCalls()
      .filter((call) => later.some((entry) => entry.match.test(call.key)))
      .filter((call) => served.has(call.key))
      .map((call) => `${call.method} ${call.path}`);
    expect(stale).toEqual([]);
  });
});
