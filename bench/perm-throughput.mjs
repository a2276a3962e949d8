// GET /perm/permission (token lookup + role keys from the database) at 100 concurrent connections,
// next to /api/health (no auth, one `select 1`) measured in the same run. Prints the ratio.
import { startServer, login, load, summary } from './lib.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 18080) });
try {
  const token = await login(server.base, 'admin', server.password);
  await load(`${server.base}/api/health`, { duration: 2 }); // warm-up
  const health = summary(await load(`${server.base}/api/health`, { duration }));
  const perm = summary(await load(`${server.base}/api/perm/permission`, { headers: { 'Bihu-Token': token }, duration }));
  const row = (name, s) => `${name.padEnd(22)}${s.rps.toFixed(0).padStart(8)} req/s   p50 ${String(s.p50).padStart(4)} ms   p99 ${String(s.p99).padStart(4)} ms   non-2xx ${s.non2xx}`;
  console.log(`100 connections, ${duration} s each, database: ${process.env.STARLIGHT_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
  console.log(row('/api/health', health));
  console.log(row('/api/perm/permission', perm));
  console.log(`ratio permission/health: throughput ${(perm.rps / health.rps).toFixed(2)}, p99 ${(perm.p99 / Math.max(1, health.p99)).toFixed(2)}`);
} finally {
  await server.stop();
}
