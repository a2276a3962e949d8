import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Application } from '@starlight/contract/approvals';
import { imageRepositories } from '../src/db/schema/images';
import { adminToken, call } from './admin-helpers';
import { demoPassword, login, startTestApp, type TestApp } from './helpers';
import { buildOciLayout, push, registryAvailable, startRegistry, type TestRegistry } from '../../../scripts/test-kit/registry';

/*
 * Issue 11, the image_public kind on a real registry: the applicant's own repository becomes public
 * when the last node of its chain approves (the images module writes it in the deciding transaction);
 * a rejection leaves it private; another user's, a group's the applicant does not administer, a
 * missing one or an unknown registry are refused naming the field.
 */
const present = registryAvailable('approvals-images');
const suite = present ? describe : describe.skip;

let t: TestApp;
let registry: TestRegistry;
let dataDir: string;
let registryId: number;
let admin: string;
let bound: string; // demo-bound: member of demo-lab
let gadmin: string; // demo-gadmin: administers demo-lab
const layouts: string[] = [];

const fields = (envelope: { spec: unknown }) => ((envelope.spec as { fields?: { path: string }[] })?.fields ?? []).map((f) => f.path);
const applyFor = (token: string, payload: Record<string, unknown>) => call<Application>(t, token, 'POST', '/apply/applications', { kind: 'image_public', payload });
const decide = (token: string, id: number, node: number, decision: 'approve' | 'reject' = 'approve', comment = '') =>
  call<Application>(t, token, 'POST', `/apply/applications/${id}/decision`, { decision, node, comment });
const isPublic = async (name: string) =>
  (await t.database.db.select().from(imageRepositories).where(and(eq(imageRepositories.registryId, registryId), eq(imageRepositories.name, name))))[0]?.public ?? false;

suite('making an image public by application', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-approvals-images-'));
    t = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'warn' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const gateHost = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const certificate = await (await fetch(`http://${gateHost}/api/image/token/certificate`)).text();
    registry = await startRegistry({ realm: `http://${gateHost}/api/image/token`, service: 'hub', certificate });
    admin = await adminToken(t);
    registryId = (await call<{ id: number }>(t, admin, 'POST', '/image/registry', { name: 'hub', url: registry.url, pull_host: gateHost, auth: 'console' })).spec.id;
    [bound, gadmin] = await Promise.all([login(t.app, 'demo-bound', demoPassword), login(t.app, 'demo-gadmin', demoPassword)]);
    const layout = await buildOciLayout('tool v1');
    layouts.push(layout);
    for (const [user, token, target] of [
      ['demo-bound', bound, 'demo-bound/tool'],
      ['demo-gadmin', gadmin, 'demo-lab/shared'],
    ] as const) {
      const secret = await call<{ secret: string }>(t, token, 'POST', '/image/secret', { name: 'ci', expires_in_days: 1 });
      expect((await push(layout, 'v1', `${gateHost}/${target}:v1`, { user, secret: secret.spec.secret })).ok).toBe(true);
    }
  }, 180_000);

  afterAll(async () => {
    await t?.app.close();
    await t?.database.close();
    await registry?.stop();
    for (const dir of [...layouts, dataDir]) if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('refuses an unknown registry, a missing repository, another user\'s and a group\'s the applicant does not administer', async () => {
    const refusal = async (token: string, payload: Record<string, unknown>) => {
      const reply = await applyFor(token, payload);
      return [reply.code, fields(reply)];
    };
    expect(await refusal(bound, { registry_id: 9999, name: 'demo-bound/tool' })).toEqual([1404, ['body.payload.registry_id']]);
    expect(await refusal(bound, { registry_id: registryId, name: 'demo-bound/nothing' })).toEqual([1404, ['body.payload.name']]);
    expect(await refusal(gadmin, { registry_id: registryId, name: 'demo-bound/tool' })).toEqual([1404, ['body.payload.name']]);
    expect(await refusal(bound, { registry_id: registryId, name: 'demo-lab/shared' })).toEqual([1403, ['body.payload.name']]);
    expect(await refusal(bound, { registry_id: -1, name: 'demo-bound/tool' })).toEqual([1400, ['body.payload.registry_id']]);
    expect(await isPublic('demo-bound/tool')).toBe(false);
  });

  it('a rejection leaves the repository private; approval through the chain makes it public', async () => {
    const refused = (await applyFor(bound, { registry_id: registryId, name: 'demo-bound/tool' })).spec;
    expect((await decide(gadmin, refused.id, 0, 'reject', 'add a README first')).spec.state).toBe('rejected');
    expect(await isPublic('demo-bound/tool')).toBe(false);

    const applied = await applyFor(bound, { registry_id: registryId, name: 'demo-bound/tool' });
    expect(applied.spec).toMatchObject({ state: 'pending', current_node: 0 });
    expect((await decide(gadmin, applied.spec.id, 0)).code).toBe(200);
    expect(await isPublic('demo-bound/tool')).toBe(false);
    expect((await decide(admin, applied.spec.id, 1)).spec.state).toBe('approved');
    expect(await isPublic('demo-bound/tool')).toBe(true);
    // another user (who could not see it before) now finds it in the hub; applying again is 1409
    const listed = await call<{ list: { name: string; public: boolean }[] }>(t, gadmin, 'GET', `/image/repository?registry_id=${registryId}`);
    expect(listed.spec.list.find((r) => r.name === 'demo-bound/tool')).toMatchObject({ public: true });
    expect((await applyFor(bound, { registry_id: registryId, name: 'demo-bound/tool' })).code).toBe(1409);
  });
});
