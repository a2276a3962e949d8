// Image hub benchmark (issue 13), in one run against real `docker-registry` processes on loopback:
// (a) listing 1,000 repositories × 20 tags: the console's first page of /image/repository (cold: the console
//     walks the catalog; warm: its 10 s catalog cache) and one repository's 20 tags through the console, against
//     the registry's own /v2/_catalog (every page) and tags/list + manifest calls on an auth-off registry holding
//     the same content;
// (b) a 500 MB image (BENCH_IMAGE_MB) pushed with skopeo through the console (its /v2/ gate, tokens from its
//     token server, quota accounting) against the same push straight to the auth-off registry.
// Ratios against the raw numbers measured in the same run; every loop bounded; temp dirs removed at the end.
import { existsSync } from 'node:fs';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { benchPort, login, startServer } from './lib.mjs';

const kit = await tsImport('../scripts/test-kit/registry.ts', import.meta.url);
const repositories = Number(process.env.BENCH_REPOSITORIES ?? 1000);
const tagsPer = Number(process.env.BENCH_TAGS ?? 20);
const imageMb = Number(process.env.BENCH_IMAGE_MB ?? 500);
const runs = 5;
const demoPassword = 'Bench-Demo-Pass1';
const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ratio = (a, b) => `${(a / b).toFixed(2)}×`;
const fmt = (x) => `${x.toFixed(1)} ms`;

// Without the real registry and skopeo there is nothing to measure: say so on stdout (where the results go), and
// fail under CI (registry-up.sh installs both there) instead of printing nothing.
{
  const missing = [kit.registryBinary, kit.skopeoBinary].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    console.log(`bench images skipped: ${missing.join(' and ')} not installed (sudo bash scripts/services/registry-up.sh, or apt-get install docker-registry skopeo)`);
    process.exit(process.env.CI === 'true' ? 1 : 0);
  }
}

/**
 * The registry's own filesystem layout, written directly (pushing 20,000 tags with a client would take the whole
 * bench): one image (config + layer + manifest) linked into every repository under every tag. The registry serves
 * exactly what it would after real pushes.
 */
async function populate(root) {
  const v2 = path.join(root, 'docker/registry/v2');
  const blob = async (data) => {
    const hex = createHash('sha256').update(data).digest('hex');
    await mkdir(path.join(v2, 'blobs/sha256', hex.slice(0, 2), hex), { recursive: true });
    await writeFile(path.join(v2, 'blobs/sha256', hex.slice(0, 2), hex, 'data'), data);
    return { digest: `sha256:${hex}`, size: data.length, hex };
  };
  const layer = await blob(Buffer.from('bench layer'));
  const config = await blob(Buffer.from(JSON.stringify({ architecture: 'amd64', os: 'linux', created: '2026-01-02T03:04:05Z', rootfs: { type: 'layers', diff_ids: [layer.digest] }, history: [{ created_by: 'bench' }] })));
  const manifest = await blob(
    Buffer.from(
      JSON.stringify({
        schemaVersion: 2,
        mediaType: 'application/vnd.oci.image.manifest.v1+json',
        config: { mediaType: 'application/vnd.oci.image.config.v1+json', digest: config.digest, size: config.size },
        layers: [{ mediaType: 'application/vnd.oci.image.layer.v1.tar', digest: layer.digest, size: layer.size }],
      }),
    ),
  );
  const link = async (file, digest) => {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, digest);
  };
  const one = async (r) => {
    const repo = path.join(v2, 'repositories/library', `repo-${String(r).padStart(4, '0')}`);
    for (const b of [layer, config]) await link(path.join(repo, '_layers/sha256', b.hex, 'link'), b.digest);
    await link(path.join(repo, '_manifests/revisions/sha256', manifest.hex, 'link'), manifest.digest);
    for (let t = 0; t < tagsPer; t++) {
      await link(path.join(repo, '_manifests/tags', `t${t}`, 'current/link'), manifest.digest);
      await link(path.join(repo, '_manifests/tags', `t${t}`, 'index/sha256', manifest.hex, 'link'), manifest.digest);
    }
  };
  // 25 repositories at a time: the file system calls overlap instead of waiting one by one
  for (let r = 0; r < repositories; r += 25) await Promise.all(Array.from({ length: Math.min(25, repositories - r) }, (_, i) => one(r + i)));
}

async function timed(fn) {
  const t0 = process.hrtime.bigint();
  await fn();
  return ms(t0);
}

const port = await benchPort();
const server = await startServer({ port, env: { STARLIGHT_DEMO: '1', STARLIGHT_DEMO_PASSWORD: demoPassword } });
const cleanup = [];
try {
  const host = `127.0.0.1:${port}`;
  const certificate = await (await fetch(`${server.base}/api/image/token/certificate`)).text();
  const hub = await kit.startRegistry({ realm: `${server.base}/api/image/token`, service: 'bench', certificate });
  cleanup.push(() => hub.stop());
  const open = await kit.startRegistry(null);
  cleanup.push(() => open.stop());
  // both registries hold the same 1,000 × 20 (the catalog walks the storage folder, so no restart is needed)
  const t0 = process.hrtime.bigint();
  await populate(path.join(hub.dir, 'storage'));
  await cp(path.join(hub.dir, 'storage'), path.join(open.dir, 'storage'), { recursive: true });
  console.log(`populated ${repositories} repositories × ${tagsPer} tags in each registry (${(ms(t0) / 1000).toFixed(1)} s)`);

  const admin = await login(server.base, 'admin', server.password);
  const api = async (token, method, url, body) => {
    const res = await fetch(`${server.base}/api${url}`, { method, headers: { 'bihu-token': token, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
    const envelope = await res.json();
    if (envelope.code !== 200) throw new Error(`${method} ${url}: ${envelope.code} ${envelope.info}`);
    return envelope.spec;
  };
  const registry = await api(admin, 'POST', '/image/registry', { name: 'bench', url: hub.url, pull_host: host, auth: 'console' });
  const user = await login(server.base, 'demo-bound', demoPassword);

  // ---- (a) listing
  const page = () => api(user, 'GET', `/image/repository?registry_id=${registry.id}&page=1&page_size=20`);
  const first = await page();
  if (first.total !== repositories || first.list.length !== 20) throw new Error(`console listed ${first.total} repositories, ${first.list.length} on the page`);
  const cold = [];
  for (let i = 0; i < 3; i++) {
    // past the console's 10 s catalog cache: the next page walks the registry's catalog again
    await new Promise((r) => setTimeout(r, 10_500));
    cold.push(await timed(page));
  }
  const warm = [];
  for (let i = 0; i < runs; i++) warm.push(await timed(page));
  const rawCatalog = [];
  for (let i = 0; i < runs; i++) {
    rawCatalog.push(
      await timed(async () => {
        let next = '/v2/_catalog?n=1000'; // the page size the console asks for
        let names = 0;
        for (let pages = 0; next && pages < 1000; pages++) {
          const res = await fetch(open.url + next);
          names += ((await res.json()).repositories ?? []).length;
          next = /<([^>]+)>/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
        }
        if (names !== repositories) throw new Error(`raw catalog had ${names}`);
      }),
    );
  }
  const repoTags = () => api(user, 'GET', `/image/repository/tag?registry_id=${registry.id}&name=library/repo-0000`);
  if ((await repoTags()).list.length !== tagsPer) throw new Error('console tags incomplete');
  const consoleTags = [];
  for (let i = 0; i < runs; i++) consoleTags.push(await timed(repoTags));
  const rawTags = [];
  for (let i = 0; i < runs; i++) {
    rawTags.push(
      await timed(async () => {
        const tags = (await (await fetch(`${open.url}/v2/library/repo-0000/tags/list`)).json()).tags;
        for (const tag of tags) {
          const res = await fetch(`${open.url}/v2/library/repo-0000/manifests/${tag}`, { headers: { accept: 'application/vnd.oci.image.manifest.v1+json' } });
          const manifest = await res.json();
          await (await fetch(`${open.url}/v2/library/repo-0000/blobs/${manifest.config.digest}`)).arrayBuffer();
        }
      }),
    );
  }
  console.log('\n(a) listing', `${repositories} repositories × ${tagsPer} tags`);
  console.log(`  console first page (20), cold catalog walk: median ${fmt(median(cold))}  vs raw /v2/_catalog (all pages): ${fmt(median(rawCatalog))}  ratio ${ratio(median(cold), median(rawCatalog))}`);
  console.log(`  console first page (20), warm (catalog cached): median ${fmt(median(warm))}  ratio ${ratio(median(warm), median(rawCatalog))}`);
  console.log(`  console tags of one repository (20, with size, platforms, created): median ${fmt(median(consoleTags))}  vs raw tags/list + 20 manifests + 20 configs: ${fmt(median(rawTags))}  ratio ${ratio(median(consoleTags), median(rawTags))}`);

  // ---- (b) a big push
  const secret = await api(user, 'POST', '/image/secret', { name: 'bench', expires_in_days: 1 });
  const built = process.hrtime.bigint();
  const layout = await kit.buildOciLayout('bench image', 'v1', imageMb * 1024 * 1024);
  cleanup.push(() => rm(layout, { recursive: true, force: true }));
  console.log(`\n(b) push of a ${imageMb} MB image (built in ${(ms(built) / 1000).toFixed(1)} s)`);
  const pushOnce = async (target, creds) => {
    const t = process.hrtime.bigint();
    const result = await kit.push(layout, 'v1', target, creds, 15 * 60_000);
    if (!result.ok) throw new Error(`push to ${target} failed: ${result.output}`);
    return ms(t);
  };
  // once each: a second push of the same layer into the same registry would be skipped or mounted, not sent
  const d = await pushOnce(`${open.hostPort}/demo-bound/big:v1`, null);
  const g = await pushOnce(`${host}/demo-bound/big:v1`, { user: 'demo-bound', secret: secret.secret });
  console.log(`  through the console (token server + gate): ${(g / 1000).toFixed(2)} s (${(imageMb / (g / 1000)).toFixed(0)} MB/s)`);
  console.log(`  straight to a registry with auth off:    ${(d / 1000).toFixed(2)} s (${(imageMb / (d / 1000)).toFixed(0)} MB/s)`);
  console.log(`  ratio ${ratio(g, d)}`);
} finally {
  for (const step of cleanup.reverse()) await step().catch((error) => console.error(error));
  await server.stop();
}
