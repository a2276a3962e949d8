import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * rclone (Go's http.Client) follows a WebDAV or S3 source's redirects on its own, to any host and port — past the
 * net guard that checked the source. So rclone talks to this loopback proxy instead, which forwards each request to
 * the one address that was checked and never follows a redirect: a 3xx with a Location is answered 502 to rclone and
 * recorded, so the redirect target receives nothing and the transfer fails saying why.
 */
export interface SourceTarget {
  scheme: 'http' | 'https';
  /** The address the net guard checked (not the name again: a DNS answer changed in between cannot move it). */
  address: string;
  port: number;
  /** The source's host name: TLS server name and, unless `keepHost`, the Host header. */
  hostName: string;
  /** Forward rclone's own Host header (S3 signs it). */
  keepHost: boolean;
}

export interface SourceProxy {
  /** `http://127.0.0.1:<port>`: what rclone is given as the source's URL or endpoint. */
  origin: string;
  /** Redirects the source answered, refused. */
  refused: { status: number; location: string }[];
  close(): Promise<void>;
}

const hopByHop = ['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'upgrade'];
const withoutHopByHop = (headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.includes(name.toLowerCase())));

export async function openSourceProxy(target: SourceTarget): Promise<SourceProxy> {
  const refused: SourceProxy['refused'] = [];
  const client = target.scheme === 'https' ? https : http;
  const agent = new client.Agent({ keepAlive: true });
  const hostHeader = `${target.hostName.includes(':') ? `[${target.hostName}]` : target.hostName}:${target.port}`;
  const server = http.createServer((request, reply) => {
    const headers = withoutHopByHop(request.headers);
    if (!target.keepHost) headers.host = hostHeader;
    const upstream = client.request(
      {
        host: target.address,
        port: target.port,
        method: request.method,
        path: request.url,
        headers,
        agent,
        ...(target.scheme === 'https' && !net.isIP(target.hostName) ? { servername: target.hostName } : {}),
      },
      (answer) => {
        const status = answer.statusCode ?? 502;
        const location = answer.headers.location;
        if (status >= 300 && status < 400 && location) {
          refused.push({ status, location });
          answer.resume();
          reply.writeHead(502, { 'content-type': 'text/plain' }).end(`the source answered ${status} redirecting to ${location}: redirects are not followed\n`);
          return;
        }
        reply.writeHead(status, withoutHopByHop(answer.headers));
        answer.pipe(reply);
      },
    );
    upstream.on('error', () => {
      if (!reply.headersSent) reply.writeHead(502);
      reply.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
