import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { forwardHttp, sendHttpResponse } from './src/modules/interactive/session-proxy';

const size = 200 * 1024 * 1024;
const chunk = Buffer.alloc(64 * 1024, 7);
const upstream = http.createServer((req, res) => {
  res.writeHead(200, { 'content-length': String(size) });
  let sent = 0;
  const write = () => {
    while (sent < size) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', write);
    }
    res.end();
  };
  write();
});
await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
const up = (upstream.address() as AddressInfo).port;
const target = { host: '127.0.0.1', port: up } as never;
const proxy = http.createServer((req, res) => {
  forwardHttp(req, target).then((u) => sendHttpResponse(u, res)).catch((e) => { res.statusCode = 502; res.end(String(e)); });
});
await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
const px = (proxy.address() as AddressInfo).port;
const get = (port: number) => new Promise<number>((resolve) => {
  const t0 = performance.now();
  let chunks = 0;
  http.get({ host: '127.0.0.1', port, path: '/x' }, (res) => { res.on('data', () => chunks++); res.on('end', () => { resolve((performance.now() - t0) / 1000); }); });
});
for (let i = 0; i < 2; i++) {
  const d = await get(up); const p = await get(px);
  console.log(`direct ${(200 / d).toFixed(0)} MB/s, proxy ${(200 / p).toFixed(0)} MB/s ratio ${(d / p).toFixed(2)}`);
}
process.exit(0);
