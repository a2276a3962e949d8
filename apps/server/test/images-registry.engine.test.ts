import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { List } from '@starlight/contract/envelope';
import type { CliSecret, Layer, NamespaceQuota, Registry, Repository, Tag, UserUsage } from '@starlight/contract/images';
import { groupAdmins, groups, users } from '../src/db/schema/identity';
import { imageCliSecrets, imageNamespaceQuotas, imageRegistries } from '../src/db/schema/images';
import { hashPassword } from '../src/lib/passwords';
import { adminToken, auditRows, call, createUser, userPassword } from './admin-helpers';
import { login, startTestApp, type TestApp } from './helpers';
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

type Who = 'anonymous' | 'owner' | 'member' | 'gadmin' | 'other' | 'admin' | 'namesake' | 'libuser';
/**
 * `namesake` and `libuser` are accounts named like the group `lab` and like `library` (identity refuses both names
 * now; they stand for accounts made before that): a namespace that is a group's or reserved is never theirs.
 */
const userOf: Record<Exclude<Who, 'anonymous'>, string> = { owner: 'alice', member: 'bobby', gadmin: 'carol', other: 'david', admin: 'admin', namesake: 'lab', libuser: 'library' };
const repos = { private: 'alice/private', group: 'lab/app', public: 'alice/pub', library: 'library/base' } as const;
type RepoKind = keyof typeof repos;

/** The rules of issue 13, written out cell by cell: who may pull, push, delete in which repository. */
const none = { private: false, group: false, public: false, library: false };
const expected: Record<Who, Record<'pull' | 'push' | 'delete', Record<RepoKind, boolean>>> = {
  anonymous: { pull: { private: false, group: false, public: true, library: false }, push: none, delete: none },
  owner: { pull: { private: true, group: true, public: true, library: true }, push: { private: true, group: false, public: true, library: false }, delete: { private: true, group: false, public: true, library: false } },
  member: { pull: { private: false, group: true, public: true, library: true }, push: none, delete: none },
  gadmin: { pull: { private: false, group: true, public: true, library: true }, push: { private: false, group: true, public: false, library: false }, delete: { private: false, group: true, public: false, library: false } },
  other: { pull: { private: false, group: false, public: true, library: true }, push: none, delete: none },
  admin: { pull: { private: true, group: true, public: true, library: true }, push: { private: true, group: true, public: true, library: true }, delete: { private: true, group: true, public: true, library: true } },
  // named like the group lab: not a member, so nothing in lab/… (and no owner rights there)
  namesake: { pull: { private: false, group: false, public: true, library: true }, push: none, delete: none },
  // named library: pulls library/… like every signed-in user, pushes and deletes nothing there
  libuser: { pull: { private: false, group: false, public: true, library: true }, push: none, delete: none },
};

const credsOf = (who: Who): Creds => (who === 'anonymous' ? null : (creds[who] ?? null));
const ref = (repo: string, tag: string) => `${gateHost}/${repo}:${tag}`;
let counter = 0;
const layout = async (padding = 0) => {
  const dir = await buildOciLayout(`image ${++counter} ${Date.now()}`, 'v1', padding);
  layouts.push(dir);
  return dir;
};
/** The file distribution keeps a blob's bytes in. */
const blobFile = (digest: string) => path.join(registry.dir, 'storage/docker/registry/v2/blobs/sha256', digest.slice(7, 9), digest.slice(7), 'data');
/** The digest of a tag's (only) layer as the registry stores it (skopeo compresses the layout's tar on the way). */
const storedLayer = async (repo: string, tag: string) => {
  const layers = await call<List<Layer>>(t, admin, 'GET', `/image/repository/layer?registry_id=${registryId}&name=${repo}&tag=${tag}`);
  const digest = layers.spec.list.find((layer) => layer.digest)?.digest;
  if (!digest) throw new Error(`no layer for ${repo}:${tag}`);
  return digest;
};
/** Every blob file in the registry's storage, with its size. */
const blobFiles = async () => {
  const root = path.join(registry.dir, 'storage/docker/registry/v2/blobs/sha256');
  const files = new Map<string, number>();
  if (!existsSync(root)) return files;
  for (const prefix of await readdir(root)) {
    for (const hex of await readdir(path.join(root, prefix))) {
      const file = path.join(root, prefix, hex, 'data');
      if (existsSync(file)) files.set(hex, (await stat(file)).size);
    }
  }
  return files;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The registry's own view, as the platform admin: the tags of a repository. */
const tagsOf = async (repo: string) => (await call<List<Tag>>(t, admin, 'GET', `/image/repository/tag?registry_id=${registryId}&name=${repo}`)).spec.list.map((tag) => tag.name).sort();

suite('image hub on a real registry, the console as its token server', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-images-'));
    // the leader looks for due garbage collections every 300 ms (no registry has an interval until the scheduled-GC test)
    t = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir, STARLIGHT_LOG_LEVEL: 'warn', STARLIGHT_IMAGE_GC_CHECK_MS: '300' } });
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
    // identity refuses these names now (namespace-names.test.ts); accounts made before that are written directly
    for (const name of ['lab', 'library']) {
      await db.insert(users).values({ userName: name, passwordHash: await hashPassword(userPassword), status: 1, systemAccount: `sys_${name}` });
    }
    for (const who of ['owner', 'member', 'gadmin', 'other', 'admin', 'namesake', 'libuser'] as const) {
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

  it('matches every cell of {anonymous, owner, group member, group admin, other user, platform admin, user named like the group, user named library} × {pull, push, delete} × {private, group, public, library}', async () => {
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
    expect(await names('owner')).toEqual(['alice/private', 'alice/pub', 'lab/app', 'library/base']);
    expect(await names('member')).toEqual(['alice/pub', 'lab/app', 'library/base']);
    expect(await names('other')).toEqual(['alice/pub', 'library/base']);
    expect(await names('namesake')).toEqual(['alice/pub', 'library/base']);
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
    const blobsBefore = await blobFiles();
    const before = await tagsOf(repos.private);
    const refused = await push(big, 'v1', ref(repos.private, 'big'), creds.owner!);
    expect(refused.ok).toBe(false);
    expect(refused.output).toContain('image quota of namespace alice exceeded');
    expect(await tagsOf(repos.private)).toEqual(before);
    // the cut-off layer (3 MB of random bytes, compressed by skopeo under a digest of its own) never became a blob
    // in the registry's storage: no new blob file of anything near its size
    const grown = [...(await blobFiles())].filter(([hex, size]) => !blobsBefore.has(hex) && size > 1_000_000);
    expect(grown).toEqual([]);
    expect(blobsBefore.size).toBeGreaterThan(0);
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
  });
  it('GET, POST and DELETE /label/relation/image: label managers write; nobody reads a relation on an image they may not pull', async () => {
    const type = await call<{ id: number }>(t, admin, 'POST', '/label/type', { name: 'image-kind', description: '' });
    const gpu = (await call<{ id: number }>(t, admin, 'POST', '/label/label', { name: 'gpu', label_type_id: type.spec.id })).spec.id;
    const cpu = (await call<{ id: number }>(t, admin, 'POST', '/label/label', { name: 'cpu', label_type_id: type.spec.id })).spec.id;
    const relation = (label_id: number, image: string) => ({ label_id, registry_id: registryId, image });
    // users without manage_label write nothing, not even on their own repository
    expect((await call(t, tokens.owner!, 'POST', '/label/relation/image', relation(gpu, repos.private))).code).toBe(1403);
    expect((await call(t, tokens.other!, 'POST', '/label/relation/image', relation(gpu, repos.public))).code).toBe(1403);
    for (const image of Object.values(repos)) expect((await call(t, admin, 'POST', '/label/relation/image', relation(gpu, image))).spec).toEqual({ created: true });
    expect((await call(t, admin, 'POST', '/label/relation/image', relation(gpu, repos.group))).spec).toEqual({ created: false });
    expect((await call(t, admin, 'POST', '/label/relation/image', relation(cpu, repos.group))).spec).toEqual({ created: true });
    const unknownLabel = await call(t, admin, 'POST', '/label/relation/image', relation(999_999, repos.group));
    expect([unknownLabel.code, JSON.stringify(unknownLabel.spec)]).toEqual([1400, expect.stringContaining('body.label_id')]);
    const badName = await call(t, admin, 'POST', '/label/relation/image', relation(gpu, 'Lab/App'));
    expect([badName.code, JSON.stringify(badName.spec)]).toEqual([1400, expect.stringContaining('body.image')]);

    const seen = async (token: string, query = `label_id=${gpu}&page_size=100`) => {
      const reply = await call<List<{ image: string; label_name: string }>>(t, token, 'GET', `/label/relation/image?${query}`);
      expect(reply.code).toBe(200);
      return { images: reply.spec.list.map((row) => row.image).sort(), total: reply.spec.total, text: JSON.stringify(reply) };
    };
    expect(await seen(admin)).toMatchObject({ images: ['alice/private', 'alice/pub', 'lab/app', 'library/base'], total: 4 });
    expect(await seen(tokens.owner!)).toMatchObject({ images: ['alice/private', 'alice/pub', 'lab/app', 'library/base'], total: 4 });
    expect(await seen(tokens.member!)).toMatchObject({ images: ['alice/pub', 'lab/app', 'library/base'], total: 3 });
    for (const who of ['other', 'namesake'] as const) {
      const other = await seen(tokens[who]!);
      expect(other).toMatchObject({ images: ['alice/pub', 'library/base'], total: 2 });
      expect(other.text).not.toContain('alice/private');
      expect(other.text).not.toContain('lab/app');
    }
    // paging counts only what the caller may pull; filtering by the image asked for answers nothing, not a count
    expect(await seen(tokens.other!, `label_id=${gpu}&page_size=1`)).toMatchObject({ total: 2 });
    expect(await seen(tokens.other!, `image=${repos.private}`)).toMatchObject({ images: [], total: 0 });
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/label/relation/image?label_id=${gpu}` });
    expect((anonymous.json() as { code: number }).code).not.toBe(200);
    expect(anonymous.body).not.toContain('alice/private');

    // the image list's label filter: only labelled repositories, only those the caller may pull
    const labelled = async (who: Who, label: number) =>
      (await call<List<Repository>>(t, tokens[who]!, 'GET', `/image/repository?label_id=${label}&page_size=100`)).spec;
    expect((await labelled('member', cpu)).list.map((repo) => [repo.name, repo.labels.map((l) => l.name).sort()])).toEqual([['lab/app', ['cpu', 'gpu']]]);
    expect(await labelled('other', cpu)).toEqual({ list: [], total: 0 });
    expect((await labelled('other', gpu)).list.map((repo) => repo.name).sort()).toEqual(['alice/pub', 'library/base']);

    // DELETE with a body: label managers only; a relation already gone is 1404
    expect((await call(t, tokens.owner!, 'DELETE', '/label/relation/image', relation(gpu, repos.private))).code).toBe(1403);
    expect((await call(t, admin, 'DELETE', '/label/relation/image', relation(gpu, repos.private))).code).toBe(200);
    expect((await call(t, admin, 'DELETE', '/label/relation/image', relation(gpu, repos.private))).code).toBe(1404);
    expect(await seen(tokens.owner!)).toMatchObject({ images: ['alice/pub', 'lab/app', 'library/base'], total: 3 });
  }, 60_000);

  it('refuses an expired CLI secret', async () => {
    const short = await call<{ id: number; secret: string }>(t, tokens.member!, 'POST', '/image/secret', { name: 'short', expires_in_days: 1 });
    expect((await pull(ref(repos.group, 'v1'), { user: 'bobby', secret: short.spec.secret })).ok).toBe(true);
    await t.database.db.update(imageCliSecrets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(imageCliSecrets.id, short.spec.id));
    expect((await pull(ref(repos.group, 'v1'), { user: 'bobby', secret: short.spec.secret })).ok).toBe(false);
    const failed = (await auditRows(t)).find((row) => row.action === 'image_token' && row.result === 'failed');
    expect(failed?.detail).toContain('invalid user name or CLI secret');
  }, 60_000);

  it('refuses a manifest of an unknown media type, the registry content unchanged', async () => {
    const basic = `Basic ${Buffer.from(`alice:${creds.owner!.secret}`).toString('base64')}`;
    const granted = (await (await fetch(`http://${gateHost}/api/image/token?service=hub&scope=repository:alice/private:pull,push`, { headers: { Authorization: basic } })).json()) as { token: string };
    const before = await tagsOf(repos.private);
    const mediaType = 'application/vnd.example.unknown.v1+json';
    const body = JSON.stringify({ schemaVersion: 2, mediaType, config: { mediaType: 'application/vnd.oci.image.config.v1+json', digest: `sha256:${'c'.repeat(64)}`, size: 2 }, layers: [] });
    const put = await fetch(`http://${gateHost}/v2/alice/private/manifests/weird`, { method: 'PUT', body, headers: { 'Content-Type': mediaType, Authorization: `Bearer ${granted.token}` } });
    expect(put.status).toBe(400);
    const errors = ((await put.json()) as { errors: { code: string; message: string }[] }).errors;
    expect(errors[0]?.code).toMatch(/MANIFEST_INVALID|UNSUPPORTED/);
    expect(await tagsOf(repos.private)).toEqual(before);
    expect((await call(t, tokens.owner!, 'GET', `/image/repository/layer?registry_id=${registryId}&name=alice/private&tag=weird`)).code).toBe(1404);
  }, 60_000);

  it('/image/usage reads repositories, tags and bytes of each user namespace from the registry, quota or not', async () => {
    // carol has no quota row: her usage still counts
    expect((await push(await layout(), 'v1', ref('carol/tool', 'v1'), creds.gadmin!)).ok).toBe(true);
    expect((await push(await layout(), 'v1', ref('carol/tool', 'v2'), creds.gadmin!)).ok).toBe(true);
    const quotas = await call<List<NamespaceQuota>>(t, admin, 'GET', `/image/quota?registry_id=${registryId}&page_size=100`);
    expect(quotas.spec.list.map((row) => row.namespace)).not.toContain('carol');
    const usage = await call<List<UserUsage>>(t, admin, 'GET', '/image/usage?page_size=100');
    expect(usage.code).toBe(200);
    const row = (name: string) => usage.spec.list.find((user) => user.user_name === name);
    expect(row('carol')).toMatchObject({ repositories: 1, tags: 2 });
    expect(row('carol')!.used_bytes).toBeGreaterThan(600);
    const aliceTags = (await tagsOf(repos.private)).length + (await tagsOf(repos.public)).length;
    const aliceBytes = (await call<{ used_bytes: number }>(t, admin, 'PUT', '/image/quota', { registry_id: registryId, namespace: 'alice', quota_bytes: 0 })).spec.used_bytes;
    expect(row('alice')).toMatchObject({ repositories: 2, tags: aliceTags, used_bytes: aliceBytes });
    // the group's namespace is not its namesake user's; library/… is nobody's own
    expect(row('lab')).toMatchObject({ repositories: 0, tags: 0, used_bytes: 0 });
    expect(row('library')).toMatchObject({ repositories: 0, tags: 0, used_bytes: 0 });
    expect(row('david')).toMatchObject({ repositories: 0, tags: 0, used_bytes: 0, secrets: 1 });
    expect((await call(t, tokens.owner!, 'GET', '/image/usage')).code).toBe(1403);
  }, 120_000);

  it("GC really removes a deleted tag's blob files from the registry's storage and recomputes drifted usage from what is stored", async () => {
    expect((await push(await layout(400_000), 'v1', ref('lab/gc-me', 'v1'), creds.gadmin!)).ok).toBe(true);
    const layer = await storedLayer('lab/gc-me', 'v1');
    expect(existsSync(blobFile(layer))).toBe(true);
    expect((await call(t, tokens.gadmin!, 'DELETE', '/image/repository/tag', { registry_id: registryId, name: 'lab/gc-me', tag: 'v1' })).code).toBe(200);
    // deleting the tag alone leaves the bytes on disk
    expect(existsSync(blobFile(layer))).toBe(true);
    const truth = (await call<{ used_bytes: number }>(t, admin, 'PUT', '/image/quota', { registry_id: registryId, namespace: 'lab', quota_bytes: 0 })).spec.used_bytes;
    // the stored figure drifts (as Harbor's does after deletes): GC replaces it with what the registry holds
    await t.database.db
      .update(imageNamespaceQuotas)
      .set({ usedBytes: 987_654_321 })
      .where(and(eq(imageNamespaceQuotas.registryId, registryId), eq(imageNamespaceQuotas.namespace, 'lab')));
    const gc = await call<{ ran: boolean; quotas: NamespaceQuota[] }>(t, admin, 'POST', `/image/registry/${registryId}/gc`);
    expect([gc.code, gc.spec.ran]).toEqual([200, true]);
    expect(existsSync(blobFile(layer))).toBe(false);
    expect(gc.spec.quotas.find((row) => row.namespace === 'lab')?.used_bytes).toBe(truth);
    const stored = await call<List<NamespaceQuota>>(t, admin, 'GET', `/image/quota?registry_id=${registryId}&page_size=100`);
    expect(stored.spec.list.find((row) => row.namespace === 'lab')?.used_bytes).toBe(truth);
    // what is still tagged is still pullable
    expect((await pull(ref(repos.group, 'v1'), creds.member!)).ok).toBe(true);
  }, 120_000);

  it('runs garbage collection on the schedule an admin sets: not before the interval has passed, then by itself, setting last_gc_at', async () => {
    expect((await push(await layout(300_000), 'v1', ref('lab/scheduled', 'v1'), creds.gadmin!)).ok).toBe(true);
    const layer = await storedLayer('lab/scheduled', 'v1');
    expect(existsSync(blobFile(layer))).toBe(true);
    expect((await call(t, tokens.gadmin!, 'DELETE', '/image/repository/tag', { registry_id: registryId, name: 'lab/scheduled', tag: 'v1' })).code).toBe(200);
    const db = t.database.db;
    const halfHourAgo = new Date(Date.now() - 30 * 60_000);
    await db.update(imageRegistries).set({ lastGcAt: halfHourAgo }).where(eq(imageRegistries.id, registryId));
    const patched = await call<Registry>(t, admin, 'PATCH', `/image/registry/${registryId}`, { gc_interval_hours: 1 });
    // a PATCH changes only what it names: the configuration path GC needs stays
    expect(patched.spec).toMatchObject({ gc_interval_hours: 1, gc_config_path: registry.configPath, auth: 'console' });
    const lastGc = async () => (await call<List<Registry>>(t, admin, 'GET', '/image/registry')).spec.list.find((row) => row.id === registryId)?.last_gc_at ?? null;
    // several checks of the leader's timer (300 ms) pass: an hour has not, so nothing runs
    await sleep(1500);
    expect(await lastGc()).toBe(halfHourAgo.toISOString());
    expect(existsSync(blobFile(layer))).toBe(true);
    const started = Date.now();
    await db.update(imageRegistries).set({ lastGcAt: new Date(Date.now() - 2 * 3_600_000) }).where(eq(imageRegistries.id, registryId));
    const deadline = Date.now() + 60_000;
    let at: string | null = null;
    while (Date.now() < deadline) {
      at = await lastGc();
      if (at && new Date(at).getTime() >= started) break;
      await sleep(200);
    }
    expect(at && new Date(at).getTime(), JSON.stringify(t.logs().filter((line) => JSON.stringify(line).includes('garbage')))).toBeGreaterThanOrEqual(started);
    expect(existsSync(blobFile(layer))).toBe(false);
    expect((await call(t, admin, 'PATCH', `/image/registry/${registryId}`, { gc_interval_hours: 0 })).code).toBe(200);
  }, 120_000);
});
