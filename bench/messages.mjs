// Messages benchmark (issue 11): the bell's unread-count call (GET /message/message?field_eq_status=1,
// what the top bar asks) for a user with 100,000 messages, against a plain indexed
// `SELECT count(*)` on the same table and rows, measured in the same run. Needs PostgreSQL
// (STARLIGHT_TEST_PG: `source /tmp/services.env`): the server runs on a throwaway database there, so the
// raw query reads exactly what the server reads. Bounded: a fixed number of calls each way.
// Then the send rate: one template sent (POST /message/template/send) to a group of 10,000 users, timed
// from the call until its progress says done, and checked: exactly one message per user.
import pg from 'pg';
import { login, startServer } from './lib.mjs';

const rows = Number(process.env.BENCH_MESSAGES ?? 100_000);
const calls = 50;
const demoPassword = 'Bench-Demo-Pass1';
const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

const adminUrl = process.env.STARLIGHT_TEST_PG;
if (!adminUrl) {
  console.log('messages: skipped, STARLIGHT_TEST_PG is not set (source /tmp/services.env)');
  process.exit(0);
}
const dbName = `bench_messages_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
let server;
const db = new pg.Client({ connectionString: dbUrl.toString() });
try {
  server = await startServer({ env: { STARLIGHT_DATABASE_URL: dbUrl.toString(), STARLIGHT_DEMO: 'true', STARLIGHT_DEMO_PASSWORD: demoPassword } });
  await db.connect();
  const { rows: [user] } = await db.query(`SELECT id FROM users WHERE user_name = 'demo-bound'`);
  // a third unread, as an inbox that is mostly read
  await db.query(
    `INSERT INTO messages (user_id, kind, title, content, status, created_at)
     SELECT $1, 'notice', 'bench ' || g, '<p>bench</p>', CASE WHEN g % 3 = 0 THEN 1 ELSE 2 END, now() - g * interval '1 second'
     FROM generate_series(1, $2) g`,
    [user.id, rows],
  );
  await db.query('ANALYZE messages');
  const token = await login(server.base, 'demo-bound', demoPassword);

  const apiTimes = [];
  let apiTotal = 0;
  for (let i = 0; i < calls + 5; i++) {
    const t0 = process.hrtime.bigint();
    const res = await fetch(`${server.base}/api/message/message?field_eq_status=1&page=1&page_size=100`, { headers: { 'bihu-token': token } });
    const body = await res.json();
    if (i >= 5) apiTimes.push(ms(t0)); // the first calls warm the server's caches and the plan
    apiTotal = body.spec.total;
  }
  const rawTimes = [];
  let rawTotal = 0;
  for (let i = 0; i < calls + 5; i++) {
    const t0 = process.hrtime.bigint();
    const { rows: [r] } = await db.query('SELECT count(*)::int AS n FROM messages WHERE user_id = $1 AND status = 1', [user.id]);
    if (i >= 5) rawTimes.push(ms(t0));
    rawTotal = r.n;
  }
  if (apiTotal !== rawTotal) throw new Error(`the call counted ${apiTotal} unread, SELECT count(*) ${rawTotal}`);
  console.log(`messages: ${rows} messages for one user, ${rawTotal} unread; ${calls} calls each`);
  console.log(`  unread-count call (GET /message/message?field_eq_status=1, 100 per page): median ${median(apiTimes).toFixed(1)} ms, p95 ${p95(apiTimes).toFixed(1)} ms`);
  console.log(`  SELECT count(*) on the same rows (index messages_user_status_idx): median ${median(rawTimes).toFixed(1)} ms, p95 ${p95(rawTimes).toFixed(1)} ms`);
  console.log(`  ratio (call / raw count), median: ${(median(apiTimes) / median(rawTimes)).toFixed(2)}×`);

  // the send rate: a template to a group of 10,000 users, from the call to `done`
  const recipients = Number(process.env.BENCH_SEND_USERS ?? 10_000);
  const { rows: [group] } = await db.query(`INSERT INTO groups (name) VALUES ('bench-send') RETURNING id`);
  await db.query(
    `INSERT INTO users (user_name, real_name, password_hash, group_id, uid) SELECT 'bench-send-' || g, 'Bench ' || g, 'x', $1, gen_random_uuid()::text FROM generate_series(1, $2) g`,
    [group.id, recipients],
  );
  const adminToken = await login(server.base, 'admin', server.password);
  const call = async (method, url, body) =>
    (await fetch(`${server.base}/api${url}`, { method, headers: { 'bihu-token': adminToken, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined })).json();
  const template = await call('POST', '/message/template', { name: 'bench-send', channel: 'in_app', title: 'Bench for {{user_name}}', content: '<p>Dear {{real_name}} of {{group_name}}, on {{date}}.</p>' });
  if (template.code !== 200) throw new Error(`template: ${template.info}`);
  const t0 = process.hrtime.bigint();
  const started = await call('POST', '/message/template/send', { template_id: template.spec.id, group_ids: [group.id] });
  if (started.code !== 200) throw new Error(`send: ${started.info}`);
  let state = started.spec;
  while (state.state !== 'done') {
    await new Promise((r) => setTimeout(r, 50));
    state = (await call('GET', `/message/template/send/${started.spec.id}`)).spec;
  }
  const sendMs = ms(t0);
  const { rows: [check] } = await db.query(
    `SELECT count(*)::int AS n, count(DISTINCT user_id)::int AS people FROM messages WHERE title LIKE 'Bench for bench-send-%'`,
  );
  if (check.n !== recipients || check.people !== recipients) throw new Error(`sent ${check.n} messages to ${check.people} users, expected ${recipients} each once`);
  console.log(`  send rate of a ${recipients}-recipient template (POST /message/template/send to done): ${(sendMs / 1000).toFixed(1)} s, ${Math.round(recipients / (sendMs / 1000))} messages/s, one message each`);
} finally {
  await db.end().catch(() => undefined);
  await server?.stop();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}
