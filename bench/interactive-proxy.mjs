// Interactive sessions' proxy (modules/interactive): the same Jupyter reached through the session origin's proxy
// (the console's second listener, opened with a connect ticket swapped for its cookie) and directly, in one run — a 100 MB file download (throughput) and 1,000 small kernel messages (latency), each
// printed with its ratio proxy/direct. Needs root (the local cluster's Unix users) and jupyter-notebook; run
// after `npm run build`: `node bench/interactive-proxy.mjs`. Bounded: 3 downloads and 1,000 messages (at most
// BENCH_KERNEL_SECONDS, 90, each) per path.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { freePort, login, removeUnixUsers, startServer, unixPrefixFor } from './lib.mjs';

if (process.getuid?.() !== 0) throw new Error('run as root: the local cluster runs jobs as per-account Unix users');
// each path stops at 1,000 messages or after this many seconds (a loaded machine), whichever comes first
const kernelSeconds = Number(process.env.BENCH_KERNEL_SECONDS ?? 90);
const prefix = unixPrefixFor();
const demoPassword = `Bench-${randomBytes(4).toString('hex')}A1`;
const server = await startServer({ env: { STARLIGHT_SESSION_PORT: String(await freePort()), STARLIGHT_DEMO: 'true', STARLIGHT_DEMO_PASSWORD: demoPassword, STARLIGHT_LOCAL_USER_PREFIX: prefix }, startTimeoutMs: 240_000 });
const token = await login(server.base, 'demo-bound', demoPassword);
const headers = { 'Bihu-Token': token, 'content-type': 'application/json' };
// a JSON content type only with a body: an empty JSON body is refused (1400), and a refusal is not a result
const apiCall = async (method, url, body) => {
  const envelope = await (await fetch(`${server.base}/api${url}`, { method, headers: body ? headers : { 'Bihu-Token': token }, body: body && JSON.stringify(body) })).json();
  if (envelope.code !== 200) throw new Error(`${method} ${url}: ${envelope.code} ${envelope.info}`);
  return envelope.spec;
};

let sessionId;
try {
  const launched = await apiCall('POST', '/session/sessions', { app: 'jupyter', partition: 'local', hours: 1 });
  sessionId = launched.id;
  for (let i = 0; i < 240; i++) {
    const s = await apiCall('GET', `/session/${sessionId}`);
    if (s.state === 'running') break;
    if (['failed', 'completed', 'expired'].includes(s.state)) throw new Error(`session ${s.state}: ${s.reason}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const { secret, url } = await apiCall('POST', `/session/${sessionId}/connect`);
  // the browser's first step: the ticket becomes the session origin's cookie
  const opened = await fetch(url, { redirect: 'manual' });
  const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0];
  if (opened.status !== 303 || !cookie) throw new Error(`the session origin did not take the ticket: HTTP ${opened.status}`);
  const sessionBase = new URL(url).origin.replace('//localhost:', '//127.0.0.1:');
  const home = path.join(server.dataDir, 'homes', 'demo_lab_bound');
  const { port } = JSON.parse(readFileSync(path.join(home, '.starlight/sessions', sessionId, 'connection.json'), 'utf8'));
  const proxyPath = `/session/${sessionId}/proxy/`;
  const targets = { direct: { base: `http://127.0.0.1:${port}`, headers: {} }, proxy: { base: sessionBase, headers: { cookie } } };

  // (a) 100 MB through Jupyter's /files/ handler
  const size = 100 * 1024 * 1024;
  writeFileSync(path.join(home, 'bench-100mb.bin'), randomBytes(1024 * 1024).toString('hex').repeat(50));
  const download = async ({ base, headers: extra }) => {
    const started = performance.now();
    const res = await fetch(`${base}${proxyPath}files/bench-100mb.bin?token=${secret}`, { headers: extra });
    let bytes = 0;
    let first = '';
    for await (const chunk of res.body) {
      if (bytes === 0) first = Buffer.from(chunk).subarray(0, 400).toString();
      bytes += chunk.length;
    }
    if (bytes !== size) throw new Error(`${base}: HTTP ${res.status}, ${bytes} bytes, expected ${size}: ${first}`);
    return (performance.now() - started) / 1000;
  };
  const downloads = {};
  for (const name of ['direct', 'proxy', 'direct', 'proxy', 'direct', 'proxy']) (downloads[name] ??= []).push(await download(targets[name]));
  const best = (list) => Math.min(...list);

  // (b) 1,000 execute requests, one after the other, each timed to its execute_reply
  const kernel = await (await fetch(`${sessionBase}${proxyPath}api/kernels?token=${secret}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' })).json();
  const messages = async ({ base, headers: extra }) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}${proxyPath}api/kernels/${kernel.id}/channels?token=${secret}`, { headers: { ...extra, origin: base } });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const times = [];
    const until = performance.now() + kernelSeconds * 1000;
    for (let i = 0; i < 1000 && performance.now() < until; i++) {
      const msgId = `b${i}-${Math.random()}`;
      const started = performance.now();
      const replied = new Promise((resolve) => {
        const onMessage = (data) => {
          const m = JSON.parse(data.toString());
          if (m.msg_type === 'execute_reply' && m.parent_header.msg_id === msgId) {
            ws.off('message', onMessage);
            resolve();
          }
        };
        ws.on('message', onMessage);
      });
      ws.send(JSON.stringify({ header: { msg_id: msgId, username: 'bench', session: 'bench', msg_type: 'execute_request', version: '5.3' }, parent_header: {}, metadata: {}, content: { code: 'x = 1', silent: true, store_history: false, user_expressions: {}, allow_stdin: false }, buffers: [], channel: 'shell' }));
      await replied;
      times.push(performance.now() - started);
    }
    ws.close();
    times.sort((a, b) => a - b);
    const at = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
    return { count: times.length, total: times.reduce((a, b) => a + b, 0) / 1000, mean: times.reduce((a, b) => a + b, 0) / times.length, p50: at(0.5), p99: at(0.99) };
  };
  const kernelDirect = await messages(targets.direct);
  const kernelProxy = await messages(targets.proxy);

  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`interactive proxy vs direct, same Jupyter, same run (load average ${load})`);
  console.log(`100 MB download, best of 3: direct ${best(downloads.direct).toFixed(2)} s (${(100 / best(downloads.direct)).toFixed(0)} MB/s), proxy ${best(downloads.proxy).toFixed(2)} s (${(100 / best(downloads.proxy)).toFixed(0)} MB/s); throughput ratio proxy/direct ${(best(downloads.direct) / best(downloads.proxy)).toFixed(2)}`);
    const line = (k) => `${k.count} in ${k.total.toFixed(2)} s (mean ${k.mean.toFixed(2)} ms, p50 ${k.p50.toFixed(2)} ms, p99 ${k.p99.toFixed(2)} ms)`;
  console.log(`kernel execute_request → execute_reply, one at a time: direct ${line(kernelDirect)}, proxy ${line(kernelProxy)}; latency ratio proxy/direct mean ${(kernelProxy.mean / kernelDirect.mean).toFixed(2)}, p50 ${(kernelProxy.p50 / kernelDirect.p50).toFixed(2)}`);
} finally {
  if (sessionId) await apiCall('DELETE', `/session/${sessionId}`).catch(() => undefined);
  await new Promise((r) => setTimeout(r, 1500));
  await server.stop();
  // this run's Unix users (their jobs were cancelled above)
  removeUnixUsers(prefix);
}
