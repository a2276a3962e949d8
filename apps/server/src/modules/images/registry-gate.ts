import { createHash } from 'node:crypto';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { namespaceOf, repositoryNamePattern } from '@starlight/contract/images';
import type { AuditRecorder } from '../audit/audit.service';
import type { ImagesRepo, RegistryRow } from './images.repo';
import { quotaMessage, type QuotaLedger } from './quota-ledger';
import type { RegistriesService } from './registries.service';
import type { SigningKey } from './signing-key';

const uploadPath = /^\/v2\/(.+)\/blobs\/uploads\/([^/]+)$/;
const manifestPath = /^\/v2\/(.+)\/manifests\/([^/]+)$/;
/** distribution refuses bigger manifests itself */
const maxManifestBytes = 4 * 1024 * 1024;
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host']);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

interface GateDeps {
  repo: ImagesRepo;
  registries: RegistriesService;
  ledger: QuotaLedger;
  key: SigningKey;
  audit: AuditRecorder;
}

/** A registry-style refusal: docker, podman and skopeo print `denied: <message>`. */
function refuse(response: http.ServerResponse, status: number, code: string, message: string): void {
  if (response.headersSent) return void response.destroy();
  response.writeHead(status, { 'content-type': 'application/json', 'docker-distribution-api-version': 'registry/2.0' });
  response.end(JSON.stringify({ errors: [{ code, message, detail: null }] }));
}

/** Every descriptor a manifest or index names (config, layers, child manifests), digest → size. */
function descriptorsOf(body: Buffer): Map<string, number> | null {
  try {
    const doc = JSON.parse(body.toString('utf8')) as { config?: unknown; layers?: unknown; manifests?: unknown; blobs?: unknown };
    const out = new Map<string, number>();
    const take = (item: unknown) => {
      const d = item as { digest?: unknown; size?: unknown } | null;
      if (d && typeof d.digest === 'string' && typeof d.size === 'number' && d.size >= 0) out.set(d.digest, d.size);
    };
    take(doc.config);
    for (const list of [doc.layers, doc.manifests, doc.blobs]) if (Array.isArray(list)) list.forEach(take);
    return out;
  } catch {
    return null;
  }
}

async function readLimited(request: http.IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The registry's public address: the console forwards the Distribution API to the registry (which listens on
 * loopback only) and counts what a push uploads. So a quota holds while a push runs, not only when its token is
 * issued: an upload that would cross it is cut off (its bytes never become a blob), and a manifest whose blobs
 * would cross it is refused, so no tag appears and the registry's content stays as it was. Everything else, and
 * every registry check (the token's signature and scopes), is the registry's own.
 */
export function createRegistryGate({ repo, registries, ledger, key, audit }: GateDeps) {
  async function registryAt(host: string): Promise<RegistryRow | null> {
    return (await repo.registries()).find((row) => row.pullHost === host) ?? null;
  }

  /** The pusher named by a live token of ours granting push on `name` (a refusal may name the quota only to them). */
  async function pusher(request: http.IncomingMessage, row: RegistryRow, name: string): Promise<string | null> {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ')) return null;
    const claims = await key.verify(header.slice(7), row.name);
    const grants = claims?.access.some((grant) => grant.type === 'repository' && grant.name === name && grant.actions.includes('push'));
    return grants && claims ? claims.subject || null : null;
  }

  function open(row: RegistryRow, request: http.IncomingMessage, host: string, length: number | null) {
    const target = new URL(request.url ?? '/', row.url);
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers)) if (value !== undefined && !hopByHop.has(name)) headers[name] = value;
    // distribution builds its Location URLs from these, so clients keep talking to this address
    headers['x-forwarded-host'] = host;
    headers['x-forwarded-proto'] = (request.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
    if (length !== null) headers['content-length'] = String(length);
    const upstream = http.request({ protocol: target.protocol, hostname: target.hostname, port: target.port, method: request.method, path: target.pathname + target.search, headers, agent });
    const response = new Promise<http.IncomingMessage>((resolve, reject) => {
      upstream.on('response', resolve);
      upstream.on('error', reject);
    });
    response.catch(() => undefined);
    return { upstream, response };
  }

  async function relay(upstream: http.IncomingMessage, response: http.ServerResponse) {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(upstream.headers)) if (value !== undefined && !hopByHop.has(name)) headers[name] = value;
    response.writeHead(upstream.statusCode ?? 502, headers);
    await pipeline(upstream, response).catch(() => upstream.destroy());
  }

  /** Streams an upload chunk on while `allowed(bytes so far)`; past it the upstream request is cut and the rest drained. */
  function stream(request: http.IncomingMessage, upstream: http.ClientRequest, allowed: (bytes: number) => boolean): Promise<{ over: boolean; bytes: number }> {
    return new Promise((resolve) => {
      let bytes = 0;
      const onData = (chunk: Buffer) => {
        bytes += chunk.length;
        if (!allowed(bytes)) {
          request.off('data', onData).off('end', onEnd);
          upstream.destroy();
          // read and drop the rest before answering: a client still writing its body (Go's, skopeo's) would see a
          // broken pipe instead of the refusal
          request.resume();
          if (request.readableEnded) return resolve({ over: true, bytes });
          return void request.once('end', () => resolve({ over: true, bytes })).once('close', () => resolve({ over: true, bytes }));
        }
        if (!upstream.write(chunk)) {
          request.pause();
          upstream.once('drain', () => request.resume());
        }
      };
      const onEnd = () => {
        upstream.end();
        resolve({ over: false, bytes });
      };
      request.on('data', onData).on('end', onEnd);
      request.on('aborted', () => upstream.destroy());
    });
  }

  async function refused(request: http.IncomingMessage, response: http.ServerResponse, row: RegistryRow, who: string, name: string, message: string) {
    await audit.record({ action: 'image_token', result: 'failed', userId: null, userName: who, ip: request.socket.remoteAddress ?? '', userAgent: String(request.headers['user-agent'] ?? '').slice(0, 200), target: `registry:${row.name}`, detail: `push to ${name} stopped: ${message}` });
    refuse(response, 403, 'DENIED', message);
  }

  async function upload(request: http.IncomingMessage, response: http.ServerResponse, row: RegistryRow, host: string, name: string, session: string) {
    const namespace = namespaceOf(name);
    const quota = await registries.limitedQuota(row.id, namespace);
    const who = quota ? await pusher(request, row, name) : null;
    const before = ledger.sessionBytes(row.id, namespace, session);
    // bytes this request may still send before the namespace would hold more than its quota
    const room = quota && who ? quota.quotaBytes - ledger.projected(row.id, namespace, quota.usedBytes) - ledger.streamingBytes(row.id, namespace, session) - before : Infinity;
    const declared = Number(request.headers['content-length'] ?? 0);
    const over = (bytes: number) => quotaMessage(namespace, `this upload reached ${bytes} bytes, only ${Math.max(0, room)} of ${quota?.quotaBytes ?? 0} were left`);
    if (declared > room) {
      request.resume();
      if (!request.readableEnded) await new Promise((resolve) => request.once('end', resolve).once('close', resolve));
      return refused(request, response, row, who ?? '', name, over(declared));
    }
    const { upstream, response: answer } = open(row, request, host, null);
    const sent = await stream(request, upstream, (bytes) => {
      if (quota && who) ledger.setSession(row.id, namespace, session, before + bytes);
      return bytes <= room;
    });
    if (sent.over) {
      ledger.setSession(row.id, namespace, session, null);
      return refused(request, response, row, who ?? '', name, over(sent.bytes));
    }
    const reply = await answer;
    const digest = new URL(request.url ?? '/', 'http://gate').searchParams.get('digest');
    if (request.method === 'PUT' && reply.statusCode === 201 && digest) {
      ledger.add(row.id, namespace, new Map([[digest, before + sent.bytes]]));
      ledger.setSession(row.id, namespace, session, null);
    }
    await relay(reply, response);
  }

  async function manifest(request: http.IncomingMessage, response: http.ServerResponse, row: RegistryRow, host: string, name: string) {
    const body = await readLimited(request, maxManifestBytes);
    if (!body) return refuse(response, 400, 'MANIFEST_INVALID', `manifest larger than ${maxManifestBytes} bytes`);
    const namespace = namespaceOf(name);
    const blobs = descriptorsOf(body) ?? new Map<string, number>();
    blobs.set(`sha256:${createHash('sha256').update(body).digest('hex')}`, body.length);
    const quota = await registries.limitedQuota(row.id, namespace);
    const who = quota ? await pusher(request, row, name) : null;
    if (quota && who) {
      const total = ledger.projected(row.id, namespace, quota.usedBytes, blobs);
      if (total > quota.quotaBytes) return refused(request, response, row, who, name, quotaMessage(namespace, `with this image it would hold ${total} of ${quota.quotaBytes} bytes`));
    }
    const { upstream, response: answer } = open(row, request, host, body.length);
    upstream.end(body);
    const reply = await answer;
    if (reply.statusCode === 201) {
      ledger.add(row.id, namespace, blobs);
      registries.forgetCatalog(row.id);
    }
    await relay(reply, response);
  }

  return {
    /** One request of the Distribution API, answered on the raw response (the route hijacks it). */
    async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
      const host = String(request.headers['x-forwarded-host'] ?? request.headers.host ?? '').split(',')[0]!.trim();
      const row = await registryAt(host);
      if (!row) return refuse(response, 404, 'NAME_UNKNOWN', `no registry of this console is served at ${host}`);
      const path = new URL(request.url ?? '/', 'http://gate').pathname;
      try {
        const up = uploadPath.exec(path);
        if (up && (request.method === 'PATCH' || request.method === 'PUT') && repositoryNamePattern.test(up[1]!)) return await upload(request, response, row, host, up[1]!, up[2]!);
        const man = manifestPath.exec(path);
        if (man && request.method === 'PUT' && repositoryNamePattern.test(man[1]!)) return await manifest(request, response, row, host, man[1]!);
        const { upstream, response: answer } = open(row, request, host, null);
        await pipeline(request, upstream);
        await relay(await answer, response);
      } catch (error) {
        request.resume();
        refuse(response, 502, 'UNAVAILABLE', `image registry ${row.name} did not answer: ${(error as Error).message}`);
      }
    },
  };
}

export type RegistryGate = ReturnType<typeof createRegistryGate>;
