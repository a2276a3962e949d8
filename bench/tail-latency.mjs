// GET /user/user/self (token → actor, then the user's row: two statements) at 200 connections, next to
// /api/health (no auth, one `select 1`) in the same run: the tail (p99.9, max), the answers slower than 1 s
// and the requests that waited past autocannon's 10 s timeout, not only the median; then fairness counted
// (how many answers overtook each request: connections − 1 when first come is first served), and how long a
// new connection waits for its first answer while the others keep the server busy (libuv accepts one per turn).
import { startServer, login, load, overtaken, lateComers } from './lib.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);
const server = await startServer();
try {
  const token = await login(server.base, 'admin', server.password);
  await load(`${server.base}/api/health`, { connections, duration: 2 }); // warm-up
  const health = await load(`${server.base}/api/health`, { connections, duration });
  const self = await load(`${server.base}/api/user/user/self`, { headers: { 'Bihu-Token': token }, connections, duration });
  const ms = (v) => `${String(Math.round(v)).padStart(6)} ms`;
  const row = (name, r) =>
    `${name.padEnd(20)}${r.requests.average.toFixed(0).padStart(7)} req/s  p50${ms(r.latency.p50)}  p99${ms(r.latency.p99)}  p99.9${ms(r.latency.p99_9)}  max${ms(r.latency.max)}` +
    `  ≥1 s ${String(r.slow).padStart(4)} of ${r.requests.total}  timeouts ${r.timeouts}  non-2xx ${r.non2xx}`;
  console.log(`${connections} connections, ${duration} s each, database: ${process.env.STARLIGHT_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
  console.log(row('/api/health', health));
  console.log(row('/api/user/user/self', self));
  console.log(
    `ratio self/health: throughput ${(self.requests.average / health.requests.average).toFixed(2)}, p99 ${(self.latency.p99 / Math.max(1, health.latency.p99)).toFixed(2)}, ` +
      `p99.9 ${(self.latency.p99_9 / Math.max(1, health.latency.p99_9)).toFixed(2)}, max ${(self.latency.max / Math.max(1, health.latency.max)).toFixed(2)}`,
  );
  const fairTotal = Number(process.env.BENCH_FAIRNESS_REQUESTS ?? 3000);
  const fair = async (name, url, headers) => {
    const o = await overtaken(url, { headers, connections, total: fairTotal });
    console.log(`${name.padEnd(20)}overtaken by p50 ${o.p50}  p99.9 ${o.p999}  max ${o.max}  (first come first served: ${connections - 1})`);
  };
  console.log(`fairness, ${fairTotal} requests each:`);
  await fair('/api/health', `${server.base}/api/health`, {});
  await fair('/api/user/user/self', `${server.base}/api/user/user/self`, { 'Bihu-Token': token });
  console.log(`new connections while ${connections} keep-alive connections load the server (first answer):`);
  const newcomers = async (name, url, headers) => {
    const l = await lateComers(url, { headers, connections, total: fairTotal });
    console.log(`${name.padEnd(20)}${l.count} newcomers  p50${ms(l.p50)}  max${ms(l.max)}`);
    return l;
  };
  const h = await newcomers('/api/health', `${server.base}/api/health`, {});
  const s = await newcomers('/api/user/user/self', `${server.base}/api/user/user/self`, { 'Bihu-Token': token });
  console.log(`ratio newcomer max self/health: ${(s.max / Math.max(1, h.max)).toFixed(2)}`);
} finally {
  await server.stop();
}
