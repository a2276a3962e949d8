import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { List } from '@starlight/contract/envelope';
import type { CliSecret, Layer, Repository, Tag } from '@starlight/contract/images';
import { groupAdmins, groups, users } from '../src/db/schema/identity';
import { adminToken, auditRows, call, createUser, userPassword } from './admin-helpers';
import { adminPassword, login, startTestApp, type TestApp } from './helpers';
import { buildOciLayout, pull, push, registryAvailable, remove, startRegistry, type Creds, type TestRegistry } from '../../../scripts/test-kit/registry';

const present = registryAvailable('images-registry');
const suite = present ? describe : describe.skip;

let t: TestApp;
let registry: TestRegistry;
let dataDir: string;
let registryId: number;
/** The console's own address: the registry's public face (the gate forwards /v2/ to the loopback registry). */
let gateHost: string;
let admin: string;
const layouts: string[] = [];
const creds: Record<string, Creds> = {};
const tokens: Record<string, string> = {};

type Who = 'anonymous' | 'owner' | 'member' | 'gadmin' | 'other' | 'admin';
const userOf: Record<Exclude<Who, 'anonymous'>, string> = { owner: 'alice', member: 'bobby', gadmin: 'carol', other: 'david', admin: 'admin' };
const repos = { private: 'alice/private', group: 'lab/app', public: 'alice/pub' } as const;
type RepoKind = keyof typeof repos;

/** The rules of issue 13, written out cell by cell: who may pull, push, delete in which repository. */
const expected: Record<Who, Record<'pull' | 'push' | 'delete', Record<RepoKind, boolean>>> = {
  anonymous: { pull: { private: false, group: false, public: true }, push: { private: false, group: false, public: false }, delete: { private: false, group: false, public: false } },
  owner: { pull: { private: true, group: true, public: true }, push: { private: true, group: false, public: true }, delete: { private: true, group: false, public: true } },
  member: { pull: { private: false, group: true, public: true }, push: { private: false, group: false, public: false }, delete: { private: false, group: false, public: false } },
  gadmin: { pull: { private: false, group: true, public: true }, push: { private: false, group: true, public: false }, delete: { private: false, group: true, public: false } },
  other: { pull: { private: false, group: false, public: true }, push: { private: false, group: false, public: false }, delete: { private: false, group: false, public: false } },
  admin: { pull: { private: true, group: true, public: true }, push: { private: true, group: true, public: true }, delete: { private: true, group: true, public: true } },
};

const credsOf = (who: Who): Creds => (who === 'anonymous' ? null : (creds[who] ?? null));
const ref = (repo: string, tag: string) => `${gateHost}/${repo}:${tag}`;
let counter = 0;
const layout = async (padding = 0) => {
  const dir = await buildOciLayout(`image ${++counter} ${Date.now()}`, 'v1', padding);
  layouts.push(dir);
  return dir;
};
/** The registry's own view, as the platform admin: the tags of a repository. */
const tagsOf = async (repo: string) => (await call<List<Tag>>(t, admin, 'GET', `/image/repository/tag?registry_id=${registryId}&name=${repo}`)).spec.list.map((tag) => tag.name).sort();

suite('image hub on a real registry, the console as its token server', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-images-'));
    t = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'warn' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    gateHost = `127.0.0.1:${port}`;
    const certificate = await (await fetch(`http://127.0.0.1:${port}/api/image/token/certificate`)).text();
    expect(certificate).toContain('BEGIN CERTIFICATE');
    registry = await startRegistry({ realm: `http://127.0.0.1:${port}/api/image/token`, service: 'hub', certificate });

    const db = t.database.db;
    await db.update(users).set({ status: 1 }).where(eq(users.userName, 'admin'));
    admin = await adminToken(t);
    const created = await call<{ id: number }>(t, admin, 'POST', '/image/registry', { name: 'hub', url: registry.url, pull_host: gateHost, auth: 'console', gc_config_path: registry.configPath });
    expect(created.code).toBe(200);
    registryId = created.spec.id;

    const [lab] = await db.insert(groups).values({ name: 'lab' }).returning();
    for (const [name, group] of [['alice', 'lab'], ['bobby', 'lab'], ['carol', 'lab'], ['david', undefined]] as const) {
      const id = await createUser(t, admin, name, group);
      await db.update(users).set({ status: 1, systemAccount: `sys_${name}` }).where(eq(users.id, id));
      if (name === 'carol') await db.insert(groupAdmins).values({ groupId: lab!.id, userId: id });
    }
    for (const who of ['owner', 'member', 'gadmin', 'other', 'admin'] as const) {
      const name = userOf[who];
      tokens[who] = name === 'admin' ? admin : await login(t.app, name, userPassword);
      const secret = await call<{ secret: string; user_name: string }>(t, tokens[who]!, 'POST', '/image/secret', { name: 'laptop', expires_in_days: 30 });
      expect(secret.code).toBe(200);
      creds[who] = { user: name, secret: secret.spec.secret };
    }
    for (const repo of Object.values(repos)) {
      for (const tag of ['v1', 'del']) expect((await push(await layout(), 'v1', ref(repo, tag), creds.admin!)).ok).toBe(true);
    }
    expect((await call(t, tokens.owner!, 'PATCH', '/image/repository', { registry_id: registryId, name: repos.public, public: true })).code).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await t?.app.close();
    await t?.database.close();
    await registry?.stop();
    for (const dir of [...layouts, dataDir]) if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('matches every cell of {anonymous, owner, group member, group admin, other user, platform admin} × {pull, push, delete} × {private, group, public}', async () => {
    const cells: string[] = [];
    for (const who of Object.keys(expected) as Who[]) {
      for (const kind of Object.keys(repos) as RepoKind[]) {
        const repo = repos[kind];
        const pulled = await pull(ref(repo, 'v1'), credsOf(who));
        cells.push(`${who} pull ${kind}: ${pulled.ok}`);
        const before = await tagsOf(repo);
        const pushed = await push(await layout(), 'v1', ref(repo, `by-${who}`), credsOf(who));
        cells.push(`${who} push ${kind}: ${pushed.ok}`);
        // a refused push leaves the registry's content unchanged
        if (!pushed.ok) expect(await tagsOf(repo)).toEqual(before);
        const deleted = await remove(ref(repo, 'del'), credsOf(who));
        cells.push(`${who} delete ${kind}: ${deleted.ok}`);
        if (deleted.ok) {
          expect(await tagsOf(repo)).not.toContain('del');
          expect((await push(await layout(), 'v1', ref(repo, 'del'), creds.admin!)).ok).toBe(true);
        } else expect(await tagsOf(repo)).toContain('del');
      }
    }
    const want = (Object.keys(expected) as Who[]).flatMap((who) =>
      (Object.keys(repos) as RepoKind[]).flatMap((kind) => (['pull', 'push', 'delete'] as const).map((action) => `${who} ${action} ${kind}: ${expected[who][action][kind]}`)),
    );
    expect(cells.sort()).toEqual(want.sort());
    // every decision went through the audit log
    const decisions = (await auditRows(t)).filter((row) => row.action === 'image_token');
    expect(decisions.some((row) => row.userName === 'anonymous')).toBe(true);
    expect(decisions.some((row) => row.userName === 'david' && row.detail.includes('repository:alice/private:pull -> nothing'))).toBe(true);
  }, 300_000);

  it('refuses a wrong or revoked secret and never accepts the login password', async () => {
    expect((await pull(ref(repos.group, 'v1'), { user: 'bobby', secret: 'slc_wrong' })).ok).toBe(false);
    expect((await pull(ref(repos.group, 'v1'), { user: 'bobby', secret: userPassword })).ok).toBe(false);
    expect((await pull(ref(repos.group, 'v1'), { user: 'alice', secret: creds.member!.secret })).ok).toBe(false);
    const extra = await call<{ id: number; secret: string }>(t, tokens.member!, 'POST', '/image/secret', { name: 'ci', expires_in_days: 1 });
    expect((await pull(ref(repos.group, 'v1'), { user: 'bobby', secret: extra.spec.secret })).ok).toBe(true);
    const listed = await call<List<CliSecret>>(t, tokens.member!, 'GET', '/image/secret');
    expect(listed.spec.list.map((secret) => secret.name).sort()).toEqual(['ci', 'laptop']);
    expect(JSON.stringify(listed.spec)).not.toContain(extra.spec.secret);
    // another user cannot revoke it (answered as missing), its owner can
    expect((await call(t, tokens.other!, 'DELETE', `/image/secret/${extra.spec.id}`)).code).toBe(1404);
    expect((await call(t, tokens.member!, 'DELETE', `/image/secret/${extra.spec.id}`)).code).toBe(200);
    expect((await pull(ref(repos.group, 'v1'), { user: 'bobby', secret: extra.spec.secret })).ok).toBe(false);
    const failed = (await auditRows(t)).find((row) => row.action === 'image_token' && row.result === 'failed');
    expect(failed?.detail).toContain('invalid user name or CLI secret');
  }, 60_000);

  it('lists what each caller may pull, with tags, size, digest, platforms, created time and layers', async () => {
    const names = async (who: Who) => (await call<List<Repository>>(t, tokens[who]!, 'GET', '/image/repository?page_size=100')).spec.list.map((repo) => repo.name).sort();
    expect(await names('owner')).toEqual(['alice/private', 'alice/pub', 'lab/app']);
    expect(await names('member')).toEqual(['alice/pub', 'lab/app']);
    expect(await names('other')).toEqual(['alice/pub']);
    const found = await call<List<Repository>>(t, tokens.owner!, 'GET', '/image/repository?field_lk_name=priv');
    expect(found.spec).toMatchObject({ total: 1, list: [{ name: 'alice/private', public: false, can_push: true, can_delete: true, pull: `docker pull ${gateHost}/alice/private` }] });
    const tags = await call<List<Tag>>(t, tokens.member!, 'GET', `/image/repository/tag?registry_id=${registryId}&name=lab/app`);
    const v1 = tags.spec.list.find((tag) => tag.name === 'v1');
    expect(v1).toMatchObject({ media_type: 'application/vnd.oci.image.manifest.v1+json', platforms: [{ os: 'linux', architecture: 'amd64' }], created: '2026-01-02T03:04:05Z', pull: `docker pull ${gateHost}/lab/app:v1` });
    expect(v1?.digest).toMatch(/^sha256:[a-f0-9]{64}$/);
    expect(v1?.size).toBeGreaterThan(300);
    const layers = await call<List<Layer>>(t, tokens.member!, 'GET', `/image/repository/layer?registry_id=${registryId}&name=lab/app&tag=v1`);
    expect(layers.spec.list).toMatchObject([
      { created_by: 'COPY hello.txt /', empty: false },
      { created_by: 'CMD ["/bin/cat","/hello.txt"]', empty: true, digest: null },
    ]);
    // a private repository is answered like a missing one
    const hidden = await call(t, tokens.other!, 'GET', `/image/repository/tag?registry_id=${registryId}&name=alice/private`);
    const missing = await call(t, tokens.other!, 'GET', `/image/repository/tag?registry_id=${registryId}&name=alice/nothing`);
    expect([hidden.code, hidden.info]).toEqual([1404, 'repository not found']);
    expect([missing.code, missing.info]).toEqual([1404, 'repository not found']);
  }, 60_000);

  it('shows anonymous callers only public repositories: no private name, tag or count leaks', async () => {
    const hub = await t.app.inject({ method: 'GET', url: '/api/dchub/repository' });
    const listed = hub.json() as { code: number; spec: List<Repository> };
    expect(listed.code).toBe(200);
    expect(listed.spec.total).toBe(1);
    expect(listed.spec.list.map((repo) => repo.name)).toEqual(['alice/pub']);
    expect(hub.body).not.toContain('alice/private');
    expect(hub.body).not.toContain('lab/app');
    const privateTags = await t.app.inject({ method: 'GET', url: `/api/dchub/repository/tag?registry_id=${registryId}&name=alice/private` });
    const noneTags = await t.app.inject({ method: 'GET', url: `/api/dchub/repository/tag?registry_id=${registryId}&name=alice/none` });
    expect(privateTags.statusCode).toBe(404);
    expect((privateTags.json() as { info: string }).info).toBe((noneTags.json() as { info: string }).info);
    expect((await t.app.inject({ method: 'GET', url: `/api/dchub/repository/tag?registry_id=${registryId}&name=alice/pub` })).statusCode).toBe(200);
    // the registry's own answer to an anonymous catalog request: a token with nothing in it
    const token = (await (await fetch(`${t.app.listeningOrigin}/api/image/token?service=hub&scope=registry:catalog:*`)).json()) as { token: string };
    const catalog = await fetch(`${registry.url}/v2/_catalog`, { headers: { Authorization: `Bearer ${token.token}` } });
    expect(catalog.status).toBe(401);
    expect(await catalog.text()).not.toContain('alice');
  }, 60_000);

  it('refuses bad input with 1400 naming the field, and others cannot make a repository public or delete its tags', async () => {
    const badName = await call(t, tokens.owner!, 'GET', `/image/repository/tag?registry_id=${registryId}&name=Alice/UPPER`);
    expect(badName.code).toBe(1400);
    expect(JSON.stringify(badName.spec)).toContain('query.name');
    const badTag = await call(t, tokens.owner!, 'DELETE', '/image/repository/tag', { registry_id: registryId, name: 'alice/private', tag: '-bad' });
    expect(badTag.code).toBe(1400);
    expect(JSON.stringify(badTag.spec)).toContain('body.tag');
    expect((await call(t, tokens.other!, 'PATCH', '/image/repository', { registry_id: registryId, name: repos.public, public: false })).code).toBe(1403);
    expect((await call(t, tokens.member!, 'DELETE', '/image/repository/tag', { registry_id: registryId, name: repos.group, tag: 'v1' })).code).toBe(1403);
    expect((await call(t, tokens.other!, 'DELETE', '/image/repository/tag', { registry_id: registryId, name: repos.private, tag: 'v1' })).code).toBe(1404);
    expect(await tagsOf(repos.group)).toContain('v1');
    const unknownService = await fetch(`${t.app.listeningOrigin}/api/image/token?service=elsewhere`);
    expect(unknownService.status).toBe(400);
  }, 60_000);

  it('stops a push mid-upload when its layer would cross the namespace quota: a clear message, no blob, no tag', async () => {
    const used = (await call<{ used_bytes: number }>(t, admin, 'PUT', '/image/quota', { registry_id: registryId, namespace: 'alice', quota_bytes: 1e12 })).spec.used_bytes;
    expect((await call(t, admin, 'PUT', '/image/quota', { registry_id: registryId, namespace: 'alice', quota_bytes: used + 300_000 })).code).toBe(200);
    const big = await layout(3_000_000);
    const index = JSON.parse(await readFile(path.join(big, 'index.json'), 'utf8')) as { manifests: { digest: string }[] };
    const manifest = JSON.parse(await readFile(path.join(big, 'blobs', 'sha256', index.manifests[0]!.digest.slice(7)), 'utf8')) as { layers: { digest: string }[] };
    const layer = manifest.layers[0]!.digest.slice(7);
    const before = await tagsOf(repos.private);
    const refused = await push(big, 'v1', ref(repos.private, 'big'), creds.owner!);
    expect(refused.ok).toBe(false);
    expect(refused.output).toContain('image quota of namespace alice exceeded');
    expect(await tagsOf(repos.private)).toEqual(before);
    // the cut-off layer never became a blob in the registry's storage
    expect(existsSync(path.join(registry.dir, 'storage/docker/registry/v2/blobs/sha256', layer.slice(0, 2), layer, 'data'))).toBe(false);
    const stopped = (await auditRows(t)).find((row) => row.action === 'image_token' && row.detail.startsWith('push to alice/private stopped'));
    expect(stopped?.userName).toBe('alice');
    // what still fits goes through
    expect((await push(await layout(), 'v1', ref(repos.private, 'small'), creds.owner!)).ok).toBe(true);

    // a manifest whose blobs would cross the quota (blobs mounted, not streamed) is refused before the registry sees it
    const basic = `Basic ${Buffer.from(`alice:${creds.owner!.secret}`).toString('base64')}`;
    const granted = (await (await fetch(`http://${gateHost}/api/image/token?service=hub&scope=repository:alice/private:pull,push`, { headers: { Authorization: basic } })).json()) as { token: string };
    const body = JSON.stringify({ schemaVersion: 2, mediaType: 'application/vnd.oci.image.manifest.v1+json', config: { mediaType: 'application/vnd.oci.image.config.v1+json', digest: `sha256:${'a'.repeat(64)}`, size: 100 }, layers: [{ mediaType: 'application/vnd.oci.image.layer.v1.tar', digest: `sha256:${'b'.repeat(64)}`, size: 5_000_000 }] });
    const put = (authorization: string | null) =>
      fetch(`http://${gateHost}/v2/alice/private/manifests/mounted`, { method: 'PUT', body, headers: { 'Content-Type': 'application/vnd.oci.image.manifest.v1+json', ...(authorization ? { Authorization: authorization } : {}) } });
    const denied = await put(`Bearer ${granted.token}`);
    expect(denied.status).toBe(403);
    const errors = ((await denied.json()) as { errors: { code: string; message: string }[] }).errors;
    expect(errors[0]).toMatchObject({ code: 'DENIED', message: expect.stringContaining('image quota of namespace alice exceeded') });
    // without a push token the registry answers itself: nothing about the quota leaks
    const anonymous = await put(null);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain('quota');
    expect(await tagsOf(repos.private)).not.toContain('mounted');
    expect((await call(t, admin, 'PUT', '/image/quota', { registry_id: registryId, namespace: 'alice', quota_bytes: 0 })).code).toBe(200);
  }, 120_000);

  it('refuses a push past the namespace quota with a clear message, content unchanged, and GC recomputes usage from what is stored', async () => {
    const quota = await call<{ used_bytes: number }>(t, admin, 'PUT', '/image/quota', { registry_id: registryId, namespace: 'alice', quota_bytes: 1 });
    expect(quota.code).toBe(200);
    expect(quota.spec.used_bytes).toBeGreaterThan(0);
    const before = await tagsOf(repos.private);
    const refused = await push(await layout(), 'v1', ref(repos.private, 'over'), creds.owner!);
    expect(refused.ok).toBe(false);
    expect(await tagsOf(repos.private)).toEqual(before);
    const decision = (await auditRows(t)).find((row) => row.action === 'image_token' && row.detail.includes('quota'));
    expect(decision?.detail).toContain('image quota of namespace alice exceeded');
    // another namespace is not held back by alice's quota
    expect((await push(await layout(), 'v1', ref(repos.group, 'after-quota'), creds.gadmin!)).ok).toBe(true);

    await call(t, admin, 'PUT', '/image/quota', { registry_id: registryId, namespace: 'alice', quota_bytes: 0 });
    const usedBefore = (await call<{ used_bytes: number }>(t, admin, 'PUT', '/image/quota', { registry_id: registryId, namespace: 'lab', quota_bytes: 0 })).spec.used_bytes;
    expect((await call(t, tokens.gadmin!, 'DELETE', '/image/repository/tag', { registry_id: registryId, name: repos.group, tag: 'after-quota' })).code).toBe(200);
    const gc = await call<{ ran: boolean; quotas: { namespace: string; used_bytes: number }[] }>(t, admin, 'POST', `/image/registry/${registryId}/gc`);
    expect(gc.code).toBe(200);
    expect(gc.spec.ran).toBe(true);
    const lab = gc.spec.quotas.find((row) => row.namespace === 'lab');
    expect(lab!.used_bytes).toBeLessThan(usedBefore);
  }, 120_000);

  it('answers 1502 naming the registry when it is down, while the rest of the console works', async () => {
    const down = await call<{ id: number }>(t, admin, 'POST', '/image/registry', { name: 'down', url: 'http://127.0.0.1:9', pull_host: '127.0.0.1:9' });
    const reply = await call(t, tokens.owner!, 'GET', `/image/repository?registry_id=${down.spec.id}`);
    expect(reply.code).toBe(1502);
    expect(reply.info).toContain('image registry down unreachable');
    expect((await call(t, tokens.owner!, 'GET', '/label/type')).code).toBe(200);
    expect((await call(t, admin, 'DELETE', `/image/registry/${down.spec.id}`)).code).toBe(200);
    expect(adminPassword).toBeTruthy();
  });
});
