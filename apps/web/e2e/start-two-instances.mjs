// Two built servers on one fresh PostgreSQL database (STARLIGHT_TEST_PG names the server), sharing one data
// folder (the embedded local cluster's homes), behind a round-robin proxy on STARLIGHT_E2E_PORT + 2 that
// forwards websockets too: every request may land on either instance, as behind a real load balancer.
// The instances listen on the next two ports; their session origins on + 9 and + 10, behind a second
// round-robin proxy on + 8 (reached as `localhost`, the console as `127.0.0.1`). On exit the servers stop and the database is dropped.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { removeUnixUsers, repoRoot, spawnServer } from './server-process.mjs';

// the server's own PostgreSQL client
const pg = createRequire(path.join(repoRoot, 'apps/server/package.json'))('pg');
const serverUrl = process.env.STARLIGHT_TEST_PG;
if (!serverUrl) throw new Error('start-two-instances needs STARLIGHT_TEST_PG');
const basePort = Number(process.env.STARLIGHT_E2E_PORT ?? 18081);
const proxyPort = basePort + 2;
const backends = [basePort + 3, basePort + 4];
// the instances' session origins (interactive apps) behind a round-robin proxy of their own, on another host
// name than the console's (`localhost`: browsers share cookies across ports): a session opened through one
// instance is used through both (issue 24)
const sessionProxyPort = basePort + 8;
const sessionBackends = [basePort + 9, basePort + 10];

async function onServer(statement) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const dbName = `starlight_e2e_${randomBytes(5).toString('hex')}`;
await onServer(`create database "${dbName}"`);
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${dbName}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'starlight-e2e-twins-'));

const children = [];
function startServer(port, sessionPort) {
  const child = spawnServer({
    port,
    dataDir,
    env: {
      STARLIGHT_DATABASE_URL: dbUrl.toString(),
      STARLIGHT_PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
      STARLIGHT_TRUST_PROXY: '1',
      STARLIGHT_SESSION_PORT: String(sessionPort),
      STARLIGHT_SESSION_PUBLIC_URL: `http://localhost:${sessionProxyPort}`,
    },
  });
  child.on('exit', (code) => {
    if (!stopping) {
      process.stderr.write(`instance on port ${port} exited (${code})\n`);
      void stop(1);
    }
  });
  children.push(child);
}

async function healthy(port) {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`instance on port ${port} did not become healthy`);
}

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const server of proxies) server.close();
  await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM'))))));
  rmSync(dataDir, { recursive: true, force: true });
  removeUnixUsers();
  // an autovacuum worker may be visiting the fresh database for a moment: the drop is retried briefly
  for (let attempt = 1; ; attempt++) {
    try {
      await onServer(`drop database if exists "${dbName}" with (force)`);
      break;
    } catch (error) {
      if (attempt >= 20) {
        process.stderr.write(`could not drop ${dbName}: ${error instanceof Error ? error.message : String(error)}\n`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  process.exit(code);
}
// the runner may stop reading our output before it stops us: a closed pipe must not end us before the drop
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

// One after the other: the first migrates the empty database and seeds it; the second finds it ready.
const proxies = [];
startServer(backends[0], sessionBackends[0]);
await healthy(backends[0]);
startServer(backends[1], sessionBackends[1]);
await healthy(backends[1]);

// a request that takes long is named on stderr (a hang shows which instance and call)
const slowMs = 5_000;
/** A round-robin balancer on `listenPort` over `ports` (HTTP and websockets); answers name the backend. */
function balancer(listenPort, ports) {
  let next = 0;
  const pick = () => ports[next++ % ports.length];
  const proxy = http.createServer((req, res) => {
    const port = pick();
    const started = Date.now();
    const slow = setTimeout(() => process.stderr.write(`proxy: ${req.method} ${req.url} on ${port} still running after ${slowMs} ms\n`), slowMs);
    res.on('close', () => {
      clearTimeout(slow);
      if (Date.now() - started > slowMs) process.stderr.write(`proxy: ${req.method} ${req.url} on ${port} took ${Date.now() - started} ms\n`);
    });
    const upstream = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1' } },
      (answer) => {
        // which instance answered: the spec checks that both take part
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-starlight-backend': String(port) });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  proxy.on('upgrade', (req, socket, head) => {
    const port = pick();
    const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers });
    upstream.on('upgrade', (answer, upstreamSocket, upstreamHead) => {
      const lines = [`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}`];
      for (let i = 0; i < answer.rawHeaders.length; i += 2) lines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (upstreamHead.length > 0) socket.write(upstreamHead);
      if (head.length > 0) upstreamSocket.write(head);
      upstreamSocket.pipe(socket).pipe(upstreamSocket);
      const close = () => {
        socket.destroy();
        upstreamSocket.destroy();
      };
      socket.on('error', close);
      upstreamSocket.on('error', close);
    });
    // refused (no upgrade): the answer goes back as it is
    upstream.on('response', (answer) => {
      socket.write(`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}\r\nconnection: close\r\n\r\n`);
      socket.destroy();
    });
    upstream.on('error', () => socket.destroy());
    upstream.end();
  });
  proxies.push(proxy);
  return new Promise((resolve) => proxy.listen(listenPort, '127.0.0.1', resolve));
}
await balancer(sessionProxyPort, sessionBackends);
await balancer(proxyPort, backends);
process.stdout.write(`two instances behind http://127.0.0.1:${proxyPort} (backends ${backends.join(', ')}), sessions behind http://localhost:${sessionProxyPort}\n`);
