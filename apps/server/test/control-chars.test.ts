import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validationMessages } from '@starlight/contract/validators';
import { api, body, demoPassword, login, startTestApp, stopTestApp, tokenHeader, type TestApp } from './helpers';
import { adminToken, call } from './admin-helpers';

/**
 * A NUL (or another C0 control) in any field of any call is 1400 naming that field, never 500. The
 * calls and their fields are read from the OpenAPI document the routes' schemas generate, so a new
 * route is covered without listing it here; each field gets `a\0b` in turn (path parameters, query
 * parameters, top-level JSON body properties), as the admin, or as the bound demo user for the calls
 * only a bound account may make.
 */
interface Parameter {
  name: string;
  in: string;
}
interface JsonSchema {
  $ref?: string;
  properties?: Record<string, unknown>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const nul = 'a\u0000b';
let t: TestApp;
let doc: OpenApi;
let admin: string;
let bound: string;

beforeAll(async () => {
  t = await startTestApp();
  doc = (t.app as unknown as { swagger: () => OpenApi }).swagger();
  admin = await adminToken(t);
  bound = await login(t.app, 'demo-bound', demoPassword);
}, 120_000);
afterAll(() => stopTestApp(t));

function bodyProperties(schema: JsonSchema | undefined, seen = 0): string[] {
  if (!schema || seen > 8) return [];
  const resolved = schema.$ref ? doc.components?.schemas?.[schema.$ref.split('/').pop() ?? ''] : schema;
  if (!resolved) return [];
  const nested = [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.allOf ?? [])].flatMap((s) => bodyProperties(s, seen + 1));
  return [...new Set([...Object.keys(resolved.properties ?? {}), ...nested])];
}

interface Probe {
  label: string;
  method: string;
  url: string;
  payload?: Record<string, unknown>;
  field: string;
}

function probes(): Probe[] {
  const list: Probe[] = [];
  for (const [template, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const params = operation.parameters ?? [];
      // a template merged for tools (`{name_or_id}`) keeps the route's own name in x-route-name: errors name that one
      const pathParams = params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, field: (p as { 'x-route-name'?: string })['x-route-name'] ?? p.name }));
      const urlWith = (nulIn?: string): string => template.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(name === nulIn ? nul : '1'));
      const upper = method.toUpperCase();
      for (const { name, field } of pathParams) list.push({ label: `${upper} ${template} params.${name}`, method: upper, url: urlWith(name), field: `params.${field}` });
      for (const p of params.filter((q) => q.in === 'query'))
        list.push({ label: `${upper} ${template} query.${p.name}`, method: upper, url: `${urlWith()}?${p.name}=${encodeURIComponent(nul)}`, field: `query.${p.name}` });
      for (const name of bodyProperties(operation.requestBody?.content?.['application/json']?.schema))
        list.push({ label: `${upper} ${template} body.${name}`, method: upper, url: urlWith(), payload: { [name]: nul }, field: `body.${name}` });
    }
  }
  return list;
}

async function send(probe: Probe, token: string | null) {
  const reply = await t.app.inject({
    method: probe.method as 'POST',
    url: probe.url,
    headers: token ? tokenHeader(token) : {},
    ...(probe.payload ? { payload: probe.payload } : {}),
  });
  const json = reply.headers['content-type']?.toString().includes('json') ? body<{ fields?: { path: string; message: string }[] }>(reply) : null;
  return { status: reply.statusCode, envelope: json };
}

describe('control characters in input', () => {
  it('every field of every call with a NUL is 1400 naming that field, never 500', async () => {
    const all = probes();
    // the issue counted 63 fields on 40 routes that answered 500; every field is probed here
    expect(all.length).toBeGreaterThan(300);
    const failures: string[] = [];
    for (const probe of all) {
      let answer = await send(probe, admin);
      if (answer.envelope?.code === 1403) answer = await send(probe, bound);
      const named = answer.envelope?.spec?.fields?.some((f) => f.path === probe.field && f.message === validationMessages.controlChars);
      if (answer.status >= 500 || answer.envelope?.code !== 1400 || !named)
        failures.push(`${probe.label} → ${answer.status} ${answer.envelope?.code ?? ''} ${JSON.stringify(answer.envelope?.spec?.fields?.map((f) => f.path) ?? null)}`);
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('sign-in with a NUL in the name is 1400 naming body.name (no login needed to reach it)', async () => {
    const reply = await t.app.inject({ method: 'POST', url: api('/keystone/short_term_token/name'), payload: { name: 'admin\u0000', password: 'whatever-1A' } });
    expect(reply.statusCode).toBe(400);
    expect(body(reply)).toMatchObject({ code: 1400, spec: { fields: [{ path: 'body.name', message: validationMessages.controlChars }] } });
  });

  it('a client error report with a NUL is 1400; the same report without it is taken', async () => {
    const report = { message: 'TypeError: x is undefined', stack: 'at a (app.js:1:2)\n\tat b (app.js:3:4)', url: 'http://127.0.0.1/jobs' };
    const refused = await t.app.inject({ method: 'POST', url: api('/log/client_error'), payload: { ...report, message: 'bad\u0000' } });
    expect(body(refused)).toMatchObject({ code: 1400, spec: { fields: [{ path: 'body.message' }] } });
    // tabs and line breaks are text, not control characters to refuse
    const taken = await t.app.inject({ method: 'POST', url: api('/log/client_error'), payload: report });
    expect(body(taken).code).toBe(200);
  });

  it('other C0 controls and nested values and keys are refused too; multi-line text passes', async () => {
    const reply = await t.app.inject({ method: 'POST', url: api('/keystone/short_term_token/name'), payload: { name: 'ad\u001bmin', password: 'x', extra: { 'k\u0001': 1, list: ['ok', 'b\u0007'] } } });
    expect(body<{ fields: { path: string }[] }>(reply).spec.fields.map((f) => f.path).sort()).toEqual(['body.extra.k?', 'body.extra.list.1', 'body.name']);
    expect((await call(t, admin, 'GET', '/perm/permission')).code).toBe(200);
  });
});
