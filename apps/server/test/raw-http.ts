import { createConnection, createServer } from 'node:net';

/*
 * A hand-driven HTTP/1.1 client for the tests of stalled and broken uploads: the body is written when
 * the test says, and the test sees when (and whether) the server answers and closes the connection.
 */
export interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** ms from the request's start to the reply's first byte, and to the server closing the connection. */
  answeredMs: number;
  closedMs: number;
}

export interface RawRequest {
  send(bytes: Buffer | string): void;
  /** The client goes away (the socket destroyed). */
  abort(): void;
  /** Resolves when the server closed the connection (with whatever it answered; status 0: nothing). */
  reply: Promise<RawReply>;
}

export function rawRequest(port: number, head: { method: string; path: string; headers: Record<string, string> }): RawRequest {
  const started = Date.now();
  const socket = createConnection({ host: '127.0.0.1', port });
  const lines = [`${head.method} ${head.path} HTTP/1.1`, `host: 127.0.0.1:${port}`, ...Object.entries(head.headers).map(([k, v]) => `${k}: ${v}`)];
  socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  let received = '';
  let answeredMs = -1;
  socket.on('data', (chunk: Buffer) => {
    if (answeredMs < 0) answeredMs = Date.now() - started;
    received += chunk.toString('utf8');
  });
  const reply = new Promise<RawReply>((resolve) => {
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const [top = '', ...rest] = received.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = top.split('\r\n');
      const headers = Object.fromEntries(headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      let body = rest.join('\r\n\r\n');
      if (headers['transfer-encoding'] === 'chunked') body = body.replace(/^[0-9a-f]+\r\n/gim, '').replace(/\r\n0\r\n\r\n$|\r\n/g, '');
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body, answeredMs, closedMs: Date.now() - started });
    });
  });
  return { send: (bytes) => void socket.write(bytes), abort: () => socket.destroy(), reply };
}

/** A free port of the range this suite may use (HELPERS: helpers listen on their own range). */
export async function freePort(from: number, to: number): Promise<number> {
  for (let port = from; port <= to; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}
