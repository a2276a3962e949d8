import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { List } from '@starlight/contract/envelope';
import type { Run, RunDetail } from '@starlight/contract/apps';
import type { AppImage, Tag } from '@starlight/contract/images';
import { adminToken, call } from './admin-helpers';
import { demoPassword, login, startTestApp, type TestApp } from './helpers';
import { buildOciLayout, pull, push, registryAvailable, startRegistry, type Creds, type TestRegistry } from '../../../scripts/test-kit/registry';

/*
 * Issue 13 item 5 and `/label/app/image/{id}` on a real registry: a CWL app's DockerRequirement naming a hub image
 * is resolved to the digest its tag names at launch, the run's files name that digest and the run records it, so
 * moving the tag afterwards changes nothing for that run (its folder still pulls the same bytes).
 */
const present = registryAvailable('images-apps');
const suite = present ? describe : describe.skip;

let t: TestApp;
let registry: TestRegistry;
let dataDir: string;
let gateHost: string;
let registryId: number;
let bound: string;
let other: string;
let creds: Creds;
const layouts: string[] = [];
const appCwl = (image: string) => `cwlVersion: v1.2
class: CommandLineTool
hints:
  DockerRequirement:
    dockerPull: ${image}
baseCommand: [echo, hello]
inputs: []
outputs: []
`;

suite('hub images named by apps', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-images-apps-'));
    t = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'warn' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    gateHost = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const certificate = await (await fetch(`http://${gateHost}/api/image/token/certificate`)).text();
    registry = await startRegistry({ realm: `http://${gateHost}/api/image/token`, service: 'hub', certificate });
    const admin = await adminToken(t);
    registryId = (await call<{ id: number }>(t, admin, 'POST', '/image/registry', { name: 'hub', url: registry.url, pull_host: gateHost, auth: 'console' })).spec.id;
    [bound, other] = await Promise.all([login(t.app, 'demo-bound', demoPassword), login(t.app, 'demo-gadmin', demoPassword)]);
    const secret = await call<{ secret: string }>(t, bound, 'POST', '/image/secret', { name: 'ci', expires_in_days: 1 });
    creds = { user: 'demo-bound', secret: secret.spec.secret };
    const layout = await buildOciLayout('tool v1');
    layouts.push(layout);
    expect((await push(layout, 'v1', `${gateHost}/demo-bound/tool:v1`, creds)).ok).toBe(true);
  }, 120_000);

  afterAll(async () => {
    await t?.app.close();
    await t?.database.close();
    await registry?.stop();
    for (const dir of [...layouts, dataDir]) if (dir) await rm(dir, { recursive: true, force: true });
  });

  const digestOf = async (tag: string) =>
    (await call<List<Tag>>(t, bound, 'GET', `/image/repository/tag?registry_id=${registryId}&name=demo-bound/tool`)).spec.list.find((row) => row.name === tag)!.digest;

  it('pins the hub image to its digest at launch and records it in the run; moving the tag later changes nothing for it', async () => {
    const image = `${gateHost}/demo-bound/tool:v1`;
    const created = await call<{ id: number }>(t, bound, 'POST', '/app/apps', { name: 'hub-tool', main_file: 'hub-tool.cwl', cwl: appCwl(image) });
    expect(created.code, created.info).toBe(200);
    const first = await digestOf('v1');

    // /label/app/image/{id}: the images the app names, with the digest the tag names now
    const listed = await call<AppImage[]>(t, bound, 'GET', `/label/app/image/${created.spec.id}`);
    expect(listed.spec).toEqual([{ reference: image, registry_id: registryId, repository: 'demo-bound/tool', tag: 'v1', digest: first, available: true, labels: [] }]);
    // an app the caller may not read is answered as missing
    expect((await call(t, other, 'GET', `/label/app/image/${created.spec.id}`)).code).toBe(1404);

    const launched = await call<Run>(t, bound, 'POST', '/app/apps/hub-tool/runs', { partition: 'local', job_order: {} });
    expect(launched.code, launched.info).toBe(200);
    const pinned = `${gateHost}/demo-bound/tool@${first}`;
    const detail = await call<RunDetail>(t, bound, 'GET', `/app/runs/hub-tool/${launched.spec.uuid}`);
    expect(detail.spec.images).toEqual({ [image]: pinned });
    const written = await readFile(path.join(dataDir, 'homes', 'demo_lab_bound', 'app-runs', 'hub-tool', launched.spec.uuid, 'app', 'hub-tool.cwl'), 'utf8');
    expect(written).toContain(`dockerPull: ${pinned}`);
    expect(written).not.toContain(image);

    // the tag moves to new bytes: a new launch pins the new digest, the first run still names (and pulls) its own
    const next = await buildOciLayout('tool v2');
    layouts.push(next);
    expect((await push(next, 'v1', image, creds)).ok).toBe(true);
    const second = await digestOf('v1');
    expect(second).not.toBe(first);
    const again = await call<Run>(t, bound, 'POST', '/app/apps/hub-tool/runs', { partition: 'local', job_order: {} });
    expect((await call<RunDetail>(t, bound, 'GET', `/app/runs/hub-tool/${again.spec.uuid}`)).spec.images).toEqual({ [image]: `${gateHost}/demo-bound/tool@${second}` });
    expect((await call<RunDetail>(t, bound, 'GET', `/app/runs/hub-tool/${launched.spec.uuid}`)).spec.images).toEqual({ [image]: pinned });
    expect((await pull(pinned, creds)).ok).toBe(true);
  }, 120_000);

  it('refuses a launch naming a hub image the caller may not pull (as if missing), with nothing written', async () => {
    // demo-gadmin's own app names demo-bound's private image
    const image = `${gateHost}/demo-bound/tool:v1`;
    const created = await call<{ id: number }>(t, other, 'POST', '/app/apps', { name: 'borrowed-tool', main_file: 'borrowed-tool.cwl', cwl: appCwl(image) });
    expect(created.code, created.info).toBe(200);
    const missing = await call<{ id: number }>(t, other, 'POST', '/app/apps', { name: 'missing-tool', main_file: 'missing-tool.cwl', cwl: appCwl(`${gateHost}/demo-gadmin/none:v1`) });
    const listed = await call<AppImage[]>(t, other, 'GET', `/label/app/image/${created.spec.id}`);
    expect(listed.spec).toMatchObject([{ reference: image, available: false, digest: null, labels: [] }]);
    const refusals = [];
    for (const app of ['borrowed-tool', 'missing-tool']) {
      const reply = await call(t, other, 'POST', `/app/apps/${app}/runs`, { partition: 'local', job_order: {} });
      expect(reply.code).toBe(1400);
      expect(JSON.stringify(reply.spec)).toContain('body.version');
      refusals.push(reply.info.replace(/\S+\/(tool|none):v1/, 'IMAGE'));
    }
    // a private image and a missing one are refused alike
    expect(refusals[0]).toBe(refusals[1]);
    expect(missing.code).toBe(200);
    expect((await call<List<Run>>(t, other, 'GET', '/app/runs')).spec.total).toBe(0);
  }, 120_000);
});
