import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { tokenHeader } from '@starlight/contract/auth';
import { Code, httpStatusFor } from '@starlight/contract/codes';
import { AppError } from '../../lib/app-error';
import { readCookie } from '../../plugins/auth';
import type { ProxyConnections } from './session-proxy.routes';
import { bridgeUpgrade, forwardHttp, sendHttpResponse, sessionCookieName } from './session-proxy';
import type { SessionPass, SessionPasses } from './session-passes';
import type { SessionsService, SessionTarget } from './sessions.service';

export interface SessionOriginDeps {
  sessions: SessionsService;
  passes: SessionPasses;
  connections: ProxyConnections;
  log: (error: unknown, context: string) => void;
  /** The configured public origin is https (cookies then carry `Secure`). */
  secure: boolean;
}

const proxyPath = /^\/session\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/proxy\//;
const consoleToken = tokenHeader.toLowerCase();

/** Every answer of the session origin carries these; the app's own CSP (Jupyter's) passes through untouched. */
const everywhere: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  // the ticket is in the first URL only; the redirect's target never leaks it, and nothing else does either
  'referrer-policy': 'no-referrer',
};

function envelopeBody(code: number, info: string): string {
  return JSON.stringify({ code, kind: 'session', spec: null, info, uuid: randomUUID() });
}

function refusalOf(error: unknown): { code: number; info: string } {
  if (error instanceof AppError) return { code: error.code, info: error.message };
  return { code: Code.internal, info: 'internal error' };
}

/**
 * The session origin: a listener of its own (its own port or host, so its own browser origin) that serves
 * **only** the interactive sessions' proxy, `/session/<id>/proxy/…`. The console's origin serves no app at
 * all, so a notebook's script can never read the console's token (localStorage is per origin), and this
 * origin accepts no console token: its only credentials are the connect call's single-use tickets and the
 * HttpOnly cookie it gives for one (see README.md).
 */
export function createSessionOrigin({ sessions, passes, connections, log, secure }: SessionOriginDeps) {
  /** Who may use session `id` with this request: a ticket (spent here) or this origin's cookie. */
  async function passOf(request: http.IncomingMessage, id: string, ticket: string | null): Promise<SessionPass> {
    if (request.headers[consoleToken] !== undefined)
      throw new AppError(Code.tokenInvalid, 'console tokens are not accepted on the session origin: connect from the console');
    const found = ticket !== null ? await passes.redeem(ticket, id) : await passes.grant(readCookie(request.headers.cookie, sessionCookieName), id);
    // a ticket or cookie of another session (another user's, or another of yours) reaches nothing here
    if (found === 'other') throw new AppError(Code.notFound, `session ${id} not found`);
    if (found === 'none') throw new AppError(Code.tokenInvalid, ticket !== null ? 'the ticket is unknown, used or expired: connect again from the console' : 'no session cookie: connect from the console');
    return found;
  }

  async function authorised(request: http.IncomingMessage, id: string, ticket: string | null): Promise<{ pass: SessionPass; target: SessionTarget }> {
    const pass = await passOf(request, id, ticket);
    // the owner, still: the session must still be theirs and running
    return { pass, target: await sessions.targetOf(pass.userId, id) };
  }

  function fail(response: http.ServerResponse, error: unknown) {
    const { code, info } = refusalOf(error);
    if (code === Code.internal) log(error, 'session origin');
    if (response.headersSent) return void response.destroy();
    response.writeHead(httpStatusFor(code), { ...everywhere, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    response.end(envelopeBody(code, info));
  }

  async function onRequest(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://session.invalid');
    const match = proxyPath.exec(url.pathname);
    if (!match?.[1]) throw new AppError(Code.notFound, 'this origin serves interactive sessions only');
    const id = match[1];
    const ticket = url.searchParams.get('ticket');
    const { pass, target } = await authorised(request, id, ticket);
    if (ticket !== null) {
      // the ticket becomes this origin's cookie for this session's path, and the browser goes on to the app
      const cookie = await passes.cookie(pass, target.session.endsAt);
      const maxAge = Math.max(1, Math.floor(((target.session.endsAt?.getTime() ?? Date.now() + 3_600_000) - Date.now()) / 1000));
      response.writeHead(303, {
        ...everywhere,
        location: `${target.baseUrl}${sessions.entryOf(target)}`,
        'set-cookie': `${sessionCookieName}=${cookie}; Path=${target.baseUrl}; Max-Age=${Math.min(maxAge, 43_200)}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
        'cache-control': 'no-store',
        'content-length': '0',
      });
      response.end();
      return;
    }
    const upstream = await forwardHttp(request, target);
    if (target.app !== 'jupyter') connections.active(id);
    for (const [name, value] of Object.entries(everywhere)) response.setHeader(name, value);
    await sendHttpResponse(upstream, response);
  }

  async function onUpgrade(request: http.IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(request.url ?? '/', 'http://session.invalid');
    const match = proxyPath.exec(url.pathname);
    if (!match?.[1] || request.headers.upgrade?.toLowerCase() !== 'websocket') throw new AppError(Code.notFound, 'this origin serves interactive sessions only');
    const id = match[1];
    // the console's noVNC opens its websocket with a ticket of its own (no page of this origin sets a cookie first)
    const { target } = await authorised(request, id, url.searchParams.get('ticket'));
    connections.add(id, socket);
    // Jupyter's activity is asked of Jupyter itself; a desktop's is what its viewer sends (input, update requests)
    bridgeUpgrade(request, socket, head, target, target.app === 'jupyter' ? undefined : () => connections.active(id));
  }

  const server = http.createServer({ maxHeaderSize: 16_384 }, (request, response) => {
    onRequest(request, response).catch((error: unknown) => fail(response, error));
  });
  server.on('upgrade', (request: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    onUpgrade(request, socket, head).catch((error: unknown) => {
      const { code, info } = refusalOf(error);
      if (code === Code.internal) log(error, 'session origin websocket');
      const body = envelopeBody(code, info);
      if (socket.writable)
        socket.end(`HTTP/1.1 ${httpStatusFor(code)} ${http.STATUS_CODES[httpStatusFor(code)] ?? ''}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
      else socket.destroy();
    });
  });
  // an idle keep-alive connection must not hold the console's close
  const open = new Set<Duplex>();
  server.on('connection', (socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });

  return {
    server,
    listen: (host: string, port: number) =>
      new Promise<number>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
      }),
    port: () => (server.listening ? (server.address() as AddressInfo).port : null),
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        for (const socket of open) socket.destroy();
      }),
  };
}
export type SessionOrigin = ReturnType<typeof createSessionOrigin>;
