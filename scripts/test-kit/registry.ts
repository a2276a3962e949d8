// A real registry for the tests (server suite and e2e): a config.yml written here, `docker-registry serve` spawned
// on a free loopback port and stopped by its pid; OCI layouts built on disk; skopeo run as a real client would.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { once } from 'node:events';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';

const run = promisify(execFile);
export const registryBinary = '/usr/bin/docker-registry';
export const skopeoBinary = '/usr/bin/skopeo';

/**
 * Whether the real registry and skopeo are here. Absent: tests skip with a reason in development and
 * the suite throws in CI (scripts/services/registry-up.sh installs them).
 */
export function registryAvailable(suite: string): boolean {
  const present = existsSync(registryBinary) && existsSync(skopeoBinary);
  if (!present && process.env.CI === 'true') throw new Error(`${suite} needs ${registryBinary} and ${skopeoBinary} in CI (scripts/services/registry-up.sh)`);
  if (!present) console.warn(`[${suite}] skipped: docker-registry and skopeo are not installed (apt-get install docker-registry skopeo)`);
  return present;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface TestRegistry {
  url: string;
  hostPort: string;
  dir: string;
  configPath: string;
  stop(): Promise<void>;
}

/** A real distribution registry on a free loopback port; `auth` null = open, else token auth against the console. */
export async function startRegistry(auth: { realm: string; service: string; certificate: string } | null): Promise<TestRegistry> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'starlight-registry-'));
  const port = await freePort();
  const certPath = path.join(dir, 'token-cert.pem');
  if (auth) await writeFile(certPath, auth.certificate);
  const configPath = path.join(dir, 'config.yml');
  const authBlock = auth
    ? `auth:\n  token:\n    realm: ${auth.realm}\n    service: ${auth.service}\n    issuer: starlight\n    rootcertbundle: ${certPath}\n`
    : '';
  await writeFile(
    configPath,
    `version: 0.1\nlog:\n  level: error\nstorage:\n  filesystem:\n    rootdirectory: ${dir}/storage\n  delete:\n    enabled: true\nhttp:\n  addr: 127.0.0.1:${port}\n${authBlock}`,
  );
  const child: ChildProcess = spawn(registryBinary, ['serve', configPath], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`docker-registry exited: ${stderr}`);
    const up = await fetch(`${url}/v2/`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`docker-registry not ready: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    hostPort: `127.0.0.1:${port}`,
    dir,
    configPath,
    async stop() {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** One-file ustar archive (what a layer is), built here so no network or Docker is needed. */
function tarOf(name: string, content: Buffer): Buffer {
  const pad = Buffer.alloc((512 - (content.length % 512)) % 512);
  return Buffer.concat([tarHeader(name, content.length), content, pad, Buffer.alloc(1024)]);
}

function tarHeader(name: string, size: number): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 'utf8');
  header.write('0000644\0', 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  header.write('00000000000\0', 136);
  header.write('        ', 148);
  header.write('0', 156);
  header.write('ustar\0', 257);
  header.write('00', 263);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return header;
}

/** A one-file tar layer of `content` then `padding` random bytes, written to `file` in 1 MiB pieces (hashed as written). */
async function writeBigLayer(file: string, content: Buffer, padding: number): Promise<{ digest: string; size: number }> {
  const hash = createHash('sha256');
  const out = createWriteStream(file);
  const put = async (chunk: Buffer) => {
    hash.update(chunk);
    if (!out.write(chunk)) await once(out, 'drain');
  };
  const total = content.length + padding;
  await put(tarHeader('hello.txt', total));
  await put(content);
  for (let left = padding; left > 0; left -= 1 << 20) await put(randomBytes(Math.min(left, 1 << 20)));
  await put(Buffer.alloc((512 - (total % 512)) % 512 + 1024));
  out.end();
  await once(out, 'finish');
  return { digest: `sha256:${hash.digest('hex')}`, size: 512 + total + ((512 - (total % 512)) % 512) + 1024 };
}

/**
 * An OCI image layout with one tag and one layer of `content`. With `padding` the layer also holds that many
 * random bytes and is stored uncompressed (a big image for quota tests and the bench, written without holding it in memory).
 */
export async function buildOciLayout(content: string, tag = 'v1', padding = 0): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'starlight-oci-'));
  await mkdir(path.join(dir, 'blobs', 'sha256'), { recursive: true });
  const put = async (data: Buffer) => {
    const digest = createHash('sha256').update(data).digest('hex');
    await writeFile(path.join(dir, 'blobs', 'sha256', digest), data);
    return { digest: `sha256:${digest}`, size: data.length };
  };
  let layer: { digest: string; size: number; mediaType: string };
  let diffId: string;
  if (padding > 0) {
    const temp = path.join(dir, 'layer.tmp');
    const written = await writeBigLayer(temp, Buffer.from(content), padding);
    await rename(temp, path.join(dir, 'blobs', 'sha256', written.digest.slice(7)));
    layer = { mediaType: 'application/vnd.oci.image.layer.v1.tar', ...written };
    diffId = written.digest;
  } else {
    const tar = tarOf('hello.txt', Buffer.from(content));
    diffId = `sha256:${createHash('sha256').update(tar).digest('hex')}`;
    layer = { mediaType: 'application/vnd.oci.image.layer.v1.tar+gzip', ...(await put(gzipSync(tar, { level: 1 }))) };
  }
  const config = await put(
    Buffer.from(
      JSON.stringify({
        created: '2026-01-02T03:04:05Z',
        architecture: 'amd64',
        os: 'linux',
        config: { Cmd: ['/bin/cat', '/hello.txt'] },
        rootfs: { type: 'layers', diff_ids: [diffId] },
        history: [
          { created: '2026-01-02T03:04:05Z', created_by: 'COPY hello.txt /' },
          { created: '2026-01-02T03:04:05Z', created_by: 'CMD ["/bin/cat","/hello.txt"]', empty_layer: true },
        ],
      }),
    ),
  );
  const manifest = await put(
    Buffer.from(
      JSON.stringify({
        schemaVersion: 2,
        mediaType: 'application/vnd.oci.image.manifest.v1+json',
        config: { mediaType: 'application/vnd.oci.image.config.v1+json', ...config },
        layers: [layer],
      }),
    ),
  );
  await writeFile(
    path.join(dir, 'index.json'),
    JSON.stringify({ schemaVersion: 2, manifests: [{ mediaType: 'application/vnd.oci.image.manifest.v1+json', ...manifest, annotations: { 'org.opencontainers.image.ref.name': tag } }] }),
  );
  await writeFile(path.join(dir, 'oci-layout'), JSON.stringify({ imageLayoutVersion: '1.0.0' }));
  return dir;
}

export type Creds = { user: string; secret: string } | null;

const credArgs = (flag: string, creds: Creds) => (creds ? [`--${flag}-creds`, `${creds.user}:${creds.secret}`] : [`--${flag}-no-creds`]);

/** skopeo as a real client would run it; resolves to ok/false and the output (never throws for a refusal). */
async function skopeo(args: string[], timeoutMs = 60_000): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout, stderr } = await run(skopeoBinary, ['--insecure-policy', ...args], { timeout: timeoutMs, env: { ...process.env, REGISTRY_AUTH_FILE: '/nonexistent/starlight-auth.json' } });
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    return { ok: false, output: e.stderr ?? e.message };
  }
}

export const push = (layout: string, tag: string, target: string, creds: Creds, timeoutMs?: number) =>
  skopeo(['copy', '-q', '--dest-tls-verify=false', ...credArgs('dest', creds), `oci:${layout}:${tag}`, `docker://${target}`], timeoutMs);

export async function pull(source: string, creds: Creds) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'starlight-pull-'));
  try {
    return await skopeo(['copy', '-q', '--src-tls-verify=false', ...credArgs('src', creds), `docker://${source}`, `oci:${dir}:x`]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const remove = (target: string, creds: Creds) =>
  skopeo(['delete', '--tls-verify=false', ...(creds ? ['--creds', `${creds.user}:${creds.secret}`] : ['--no-creds']), `docker://${target}`]);
