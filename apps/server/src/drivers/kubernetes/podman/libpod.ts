import { request } from 'node:http';
import { Code } from '@starlight/contract/codes';
import { AppError } from '../../../lib/app-error';

/** The libpod REST API version the driver speaks (podman 4.x answers it; Debian 12 ships 4.3). */
const apiVersion = 'v4.0.0';

export interface LibpodReply {
  status: number;
  body: unknown;
}

export interface LibpodClient {
  /** A JSON (or text) answer of the libpod API; 1502 naming the engine when the socket does not answer in time. */
  call(method: string, path: string, options?: { query?: Record<string, string>; body?: string; contentType?: string; timeoutMs?: number }): Promise<LibpodReply>;
}

/**
 * The podman engine's own REST API on its unix socket (`podman system service unix://…`): no shell, no
 * `podman` command line, so nothing the console passes can become an argument or a flag.
 */
export function createLibpodClient(socketPath: string, engineName: string, defaultTimeoutMs = 15_000): LibpodClient {
  return {
    call(method, path, { query, body, contentType, timeoutMs = defaultTimeoutMs } = {}) {
      const search = query ? `?${new URLSearchParams(query).toString()}` : '';
      return new Promise((resolve, reject) => {
        const down = (why: string) => new AppError(Code.upstreamDown, `the container engine of ${engineName} did not answer (${why})`);
        const req = request(
          {
            socketPath,
            method,
            path: `/${apiVersion}/libpod${path}${search}`,
            headers: { Host: 'podman', ...(body !== undefined ? { 'Content-Type': contentType ?? 'application/json', 'Content-Length': Buffer.byteLength(body) } : {}) },
            timeout: timeoutMs,
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('error', (e) => reject(down(e.message)));
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              let parsed: unknown = text;
              if ((res.headers['content-type'] ?? '').includes('json') && text) {
                try {
                  parsed = JSON.parse(text);
                } catch {
                  parsed = text;
                }
              }
              resolve({ status: res.statusCode ?? 0, body: parsed });
            });
          },
        );
        req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
        req.on('error', (e: NodeJS.ErrnoException) => reject(down(e.code === 'ENOENT' || e.code === 'ECONNREFUSED' ? 'its socket is not open' : e.message)));
        if (body !== undefined) req.write(body);
        req.end();
      });
    },
  };
}

/** The engine's message of a failed call (`{cause, message, response}`), for an envelope's info. */
export function libpodMessage(reply: LibpodReply): string {
  const b = reply.body as { message?: unknown } | string;
  if (typeof b === 'string') return b.trim().slice(0, 300) || `HTTP ${reply.status}`;
  return typeof b?.message === 'string' ? b.message.slice(0, 300) : `HTTP ${reply.status}`;
}
