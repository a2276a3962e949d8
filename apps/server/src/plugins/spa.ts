import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { Code } from '@starlight/contract/codes';
import { sendEnvelope } from '../lib/envelope';

export interface SpaPluginOptions {
  /** The built web app (vite's dist); when it has no index.html the server serves the API only. */
  webDist: string;
  /** Paths under these prefixes are never the SPA's: an unknown one is a 1404 envelope. */
  apiPrefixes: readonly string[];
}

const longCache = 'public, max-age=31536000, immutable';

/**
 * Serves the SPA from the not-found handler, so its files add no routes: a file under webDist
 * is sent as is (vite's hashed assets/ cached for a year), any other GET that accepts HTML gets
 * index.html (history fallback, never cached), and everything else is a 1404 envelope.
 */
export const spaPlugin = fp<SpaPluginOptions>(
  async (app, { webDist, apiPrefixes }) => {
    const root = path.resolve(webDist);
    const enabled = existsSync(path.join(root, 'index.html'));
    // the build's `<file>.br` / `<file>.gz` (apps/web/vite.config.ts) by Accept-Encoding, with Vary
    if (enabled) await app.register(fastifyStatic, { root, serve: false, preCompressed: true });
    else app.log.warn({ webDist: root }, 'web build not found (no index.html): serving the API only');

    const isApi = (pathname: string): boolean =>
      apiPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

    const fileFor = async (pathname: string): Promise<string | null> => {
      let decoded: string;
      try {
        decoded = decodeURIComponent(pathname);
      } catch {
        return null;
      }
      const full = path.join(root, decoded);
      if (decoded.includes('\0') || !full.startsWith(root + path.sep)) return null;
      const info = await stat(full).catch(() => null);
      return info?.isFile() ? path.relative(root, full) : null;
    };

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (enabled && (request.method === 'GET' || request.method === 'HEAD') && !isApi(pathname)) {
        const file = await fileFor(pathname);
        if (file) {
          reply.header('cache-control', file.startsWith(`assets${path.sep}`) ? longCache : 'no-cache');
          return reply.sendFile(file, { cacheControl: false });
        }
        if (request.headers.accept?.includes('text/html')) {
          reply.header('cache-control', 'no-cache');
          return reply.sendFile('index.html', { cacheControl: false });
        }
      }
      return sendEnvelope(reply, Code.notFound, 'error', null, `not found: ${request.method} ${pathname}`);
    });
  },
  { name: 'starlight-spa' },
);
