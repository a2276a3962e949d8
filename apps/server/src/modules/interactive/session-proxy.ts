import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { tokenHeader } from '@starlight/contract/auth';
import { Code } from '@starlight/contract/codes';
import { AppError } from '../../lib/app-error';
import type { SessionTarget } from './sessions.service';

/** The session origin's cookie for one session (an opaque value of `session-passes.ts`, never a console token). */
export const sessionCookieName = 'sl_session';
/**
 * Cookies of the console that a browser may also send to the session origin (cookies ignore ports, and a
 * `Domain=` cookie reaches every host below it): the OpenID provider's (`_sl_oidc_*`), the cloud token's, the
 * SPA's token cookie (`starlight-token-<env>`, spec §9), ours.
 * None of them is ever passed on to the app.
 */
const consoleCookiePrefixes = [`${sessionCookieName}=`, '_sl_oidc_', 'starlight-cloud-token=', 'starlight-token-'];
/** Request headers we pass on, in bytes: the apps need their own cookies, nothing near Node's 16 KiB. */
export const maxForwardedHeaderBytes = 8192;

// hop-by-hop (RFC 9110 §7.6.1) and ours: the app never sees the console's token
const dropped = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'proxy-authorization', tokenHeader.toLowerCase()]);

/** The Cookie header without the console's and ours. */
function appCookies(header: string | string[] | undefined): string | undefined {
  const text = Array.isArray(header) ? header.join('; ') : header;
  const kept = (text ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !consoleCookiePrefixes.some((prefix) => part.startsWith(prefix)));
  return kept.length > 0 ? kept.join('; ') : undefined;
}

/** The headers for the app: the client's, minus hop-by-hop and our token, plus the X-Forwarded ones. */
export function forwardedHeaders(request: http.IncomingMessage, upgrade: boolean): http.OutgoingHttpHeaders {
  const size = request.rawHeaders.reduce((sum, item) => sum + item.length + 2, 0);
  if (size > maxForwardedHeaderBytes) throw new AppError(Code.invalidInput, `request headers over ${maxForwardedHeaderBytes} bytes are not passed on`, { fields: [{ path: 'headers', message: 'too large' }] });
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || dropped.has(name) || name === 'cookie') continue;
    headers[name] = value;
  }
  const cookie = appCookies(request.headers.cookie);
  if (cookie) headers.cookie = cookie;
  if (upgrade) {
    headers.connection = 'Upgrade';
    headers.upgrade = request.headers.upgrade;
  }
  headers['x-forwarded-for'] = request.socket.remoteAddress ?? '';
  headers['x-forwarded-host'] = request.headers.host ?? '';
  return headers;
}

/**
 * Forwards one HTTP request to the session's app and streams the answer back: bodies flow through in both
 * directions with backpressure (`pipeline`), never held whole. Resolves with the app's response, or rejects
 * with 1502 before anything was sent (the caller then answers with the envelope).
 */
export function forwardHttp(request: http.IncomingMessage, target: SessionTarget): Promise<http.IncomingMessage> {
  const headers = forwardedHeaders(request, false);
  return new Promise((resolve, reject) => {
    const upstream = http.request({ host: target.host, port: target.port, method: request.method, path: request.url, headers });
    upstream.on('response', resolve);
    upstream.on('error', (error) => reject(new AppError(Code.upstreamDown, `the session's app did not answer: ${error.message}`)));
    // a client that goes away mid-upload ends the upstream request too
    pipeline(request, upstream).catch(() => upstream.destroy());
  });
}

export async function sendHttpResponse(upstream: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const headers = { ...upstream.headers };
  for (const name of ['connection', 'keep-alive', 'transfer-encoding']) delete headers[name];
  response.writeHead(upstream.statusCode ?? 502, headers);
  await pipeline(upstream, response).catch(() => upstream.destroy());
}

/**
 * A websocket upgrade, after our token and ownership checks: the handshake is replayed to the app on a new TCP
 * connection and then both sockets are piped byte for byte (frames are never parsed or buffered here); the
 * app answers the handshake itself. `onClientData` sees the browser's side for idle detection.
 */
export function bridgeUpgrade(request: http.IncomingMessage, client: Duplex, head: Buffer, target: SessionTarget, onClientData?: () => void): Duplex {
  const headers = forwardedHeaders(request, true);
  const upstream = net.connect({ host: target.host, port: target.port });
  const close = () => {
    client.destroy();
    upstream.destroy();
  };
  upstream.on('connect', () => {
    const lines = [`${request.method ?? 'GET'} ${request.url ?? '/'} HTTP/1.1`];
    for (const [name, value] of Object.entries(headers)) for (const item of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${String(item)}`);
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  // what the browser sends (a desktop viewer's input and update requests); the app's own pings do not count
  if (onClientData) client.on('data', onClientData);
  upstream.on('error', () => {
    if (client.writable && upstream.bytesRead === 0) client.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    close();
  });
  client.on('error', close);
  upstream.on('close', close);
  client.on('close', close);
  return upstream;
}
