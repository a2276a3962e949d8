// Storage benchmark: a 100,000-entry directory listed through the API (cold and warm) against `ls -f`,
// a 2 GiB chunked-session upload against `cp` on the same disk, and the bytes re-sent when the
// uploader is killed half way and resumed. Ratios against the raw limit measured in the same run.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { login, startServer } from './lib.mjs';

const entries = Number(process.env.BENCH_ENTRIES ?? 100_000);
const uploadBytes = Number(process.env.BENCH_UPLOAD_BYTES ?? 2 * 1024 ** 3);
const chunkSize = 8 * 1024 * 1024;
const parallel = 3; // what the browser uses
const warmCalls = 20;
const coldRuns = 3;
const demoPassword = 'Bench-Demo-Pass1';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x) => `${x.toFixed(1)} ms`;
const ratio = (a, b) => `${(a / b).toFixed(2)}×`;

// ---- uploader child: `node storage.mjs --uploader <base> <token> <file> <sessionId>` ----
if (process.argv[2] === '--uploader') {
  const [, , , base, token, file, id] = process.argv;
  await uploadChunks(base, token, file, id, (index) => process.stdout.write(`start ${index}\n`));
  process.exit(0);
}

async function api(base, token, method, url, body, headers = {}) {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: { 'bihu-token': token, ...(body && !(body instanceof Uint8Array) ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body ? { body: body instanceof Uint8Array ? body : JSON.stringify(body) } : {}),
  });
  const envelope = await res.json();
  if (envelope.code !== 200) throw new Error(`${method} ${url}: ${envelope.code} ${envelope.info}`);
  return envelope.spec;
}

function readChunk(fd, index, size) {
  const length = Math.min(chunkSize, size - index * chunkSize);
  const buffer = Buffer.allocUnsafe(length);
  readSync(fd, buffer, 0, length, index * chunkSize);
  return buffer;
}

/** The missing chunks, `parallel` at a time, each with its SHA-256 header, as the browser sends them. */
async function uploadChunks(base, token, file, id, onStart = () => {}) {
  const session = await api(base, token, 'GET', `/storage/upload_session/${id}`);
  const have = new Set(session.received);
  const todo = [];
  for (let i = 0; i < session.chunk_count; i++) if (!have.has(i)) todo.push(i);
  const fd = openSync(file, 'r');
  let sent = 0;
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const index = todo[next++];
      const bytes = readChunk(fd, index, session.size);
      onStart(index);
      const sha = createHash('sha256').update(bytes).digest('hex');
      await api(base, token, 'PUT', `/storage/upload_session/${id}/chunk/${index}`, bytes, {
        'content-type': 'application/octet-stream',
        'x-chunk-sha256': sha,
      });
      sent += bytes.length;
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  closeSync(fd);
  return sent;
}

/** A file of `size` bytes of random data (a 64 MiB random block repeated) and its SHA-256. */
function makeFile(file, size) {
  const block = randomBytes(64 * 1024 * 1024);
  const hash = createHash('sha256');
  const fd = openSync(file, 'w');
  for (let written = 0; written < size; ) {
    const part = block.subarray(0, Math.min(block.length, size - written));
    writeSync(fd, part);
    hash.update(part);
    written += part.length;
  }
  closeSync(fd);
  return hash.digest('hex');
}

function timedCommand(cmd, args) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'], maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`${cmd} failed`);
  return ms(t0);
}

const server = await startServer({
  env: { STARLIGHT_DEMO: '1', STARLIGHT_DEMO_PASSWORD: demoPassword },
});
const results = {};
try {
  const token = await login(server.base, 'demo-bound', demoPassword);
  const home = (await api(server.base, token, 'GET', '/storage/user_storage_path')).path;
  console.log(`home: ${home} (local file driver, same disk as the raw commands)`);

  // ---- (a) first page of a 100,000-entry directory ----
  const dir = path.join(home, 'bench-big');
  mkdirSync(dir);
  for (let i = 0; i < entries; i++) closeSync(openSync(path.join(dir, `f${i}.dat`), 'w'));
  const lsF = median(Array.from({ length: 5 }, () => timedCommand('ls', ['-f', dir])));
  const page = (n) => `/storage/dir_info?dir=bench-big&page=${n}&page_size=100`;
  const timedPage = async (n) => {
    const t0 = process.hrtime.bigint();
    const spec = await api(server.base, token, 'GET', page(n));
    if (spec.total !== entries) throw new Error(`listed ${spec.total} entries, expected ${entries}`);
    return ms(t0);
  };
  const cold = [];
  for (let run = 0; run < coldRuns; run++) {
    // a change behind the cache's back (mtime), then past the 2 s window in which a read is not kept
    closeSync(openSync(path.join(dir, 'touch'), 'w'));
    unlinkSync(path.join(dir, 'touch'));
    await sleep(2_100);
    cold.push(await timedPage(1));
  }
  const warmFirst = [];
  for (let i = 0; i < warmCalls; i++) warmFirst.push(await timedPage(1));
  const following = [];
  for (let n = 2; n < 2 + warmCalls; n++) following.push(await timedPage(n));
  results.list = { lsF, cold: median(cold), warmFirst: median(warmFirst), following: median(following) };
  rmSync(dir, { recursive: true, force: true });

  // ---- (b) 2 GiB upload through a chunked session vs cp on the same disk ----
  const work = path.join(path.dirname(home), `bench-src-${process.pid}`);
  mkdirSync(work, { recursive: true });
  const source = path.join(work, 'upload.bin');
  console.log(`making a ${(uploadBytes / 1024 ** 3).toFixed(2)} GiB file…`);
  const sha = makeFile(source, uploadBytes);
  const cp = timedCommand('cp', [source, path.join(work, 'copy.bin')]);
  unlinkSync(path.join(work, 'copy.bin'));
  const t0 = process.hrtime.bigint();
  const session = await api(server.base, token, 'POST', '/storage/upload_session', { path: 'upload.bin', size: uploadBytes, chunk_size: chunkSize, sha256: sha });
  await uploadChunks(server.base, token, source, session.id);
  const chunksMs = ms(t0);
  await api(server.base, token, 'POST', `/storage/upload_session/${session.id}/complete`, {});
  const upload = ms(t0);
  results.upload = { cp, upload, chunksMs, completeMs: upload - chunksMs };
  rmSync(path.join(home, 'upload.bin'), { force: true });

  // ---- (c) kill the uploader at 50 %, resume: bytes re-sent ----
  const resumeSession = await api(server.base, token, 'POST', '/storage/upload_session', { path: 'resume.bin', size: uploadBytes, chunk_size: chunkSize, sha256: sha });
  const child = spawn(process.execPath, [import.meta.filename, '--uploader', server.base, token, source, resumeSession.id], { stdio: ['ignore', 'pipe', 'inherit'] });
  const started = new Set();
  child.stdout.on('data', (d) => String(d).split('\n').forEach((line) => line.startsWith('start ') && started.add(Number(line.slice(6)))));
  const half = resumeSession.chunk_count / 2;
  for (let polls = 0; polls < 6_000; polls++) {
    const held = (await api(server.base, token, 'GET', `/storage/upload_session/${resumeSession.id}`)).received.length;
    if (held >= half || child.exitCode !== null) break;
    await sleep(20);
  }
  child.kill('SIGKILL');
  await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', r)));
  const heldAtKill = (await api(server.base, token, 'GET', `/storage/upload_session/${resumeSession.id}`)).received;
  const startedBytes = [...started].reduce((sum, i) => sum + Math.min(chunkSize, uploadBytes - i * chunkSize), 0);
  const heldBytes = heldAtKill.reduce((sum, i) => sum + Math.min(chunkSize, uploadBytes - i * chunkSize), 0);
  const resumeBytes = await uploadChunks(server.base, token, source, resumeSession.id);
  const done = await api(server.base, token, 'POST', `/storage/upload_session/${resumeSession.id}/complete`, {});
  results.resume = { heldBytes, startedBytes, resumeBytes, reSent: startedBytes + resumeBytes - uploadBytes, size: done.size ?? uploadBytes };
  rmSync(path.join(home, 'resume.bin'), { force: true });
  rmSync(work, { recursive: true, force: true });
} finally {
  await server.stop();
}

console.log(`\nload average during the run: ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs (ratios are same-run, absolute times are not comparable across machines)`);
const mib = (b) => `${(b / 1024 ** 2).toFixed(1)} MiB`;
const { list, upload, resume } = results;
console.log(`\n(a) first page (100) of a ${entries.toLocaleString('en')}-entry directory, GET /storage/dir_info (median)`);
console.log(`  raw limit: ls -f              ${fmt(list.lsF)}`);
console.log(`  API cold (fresh read)         ${fmt(list.cold)}   ${ratio(list.cold, list.lsF)} ls -f`);
console.log(`  API warm, first page          ${fmt(list.warmFirst)}   ${ratio(list.warmFirst, list.lsF)} ls -f`);
console.log(`  API warm, following pages     ${fmt(list.following)}   ${ratio(list.following, list.lsF)} ls -f`);
const gib = uploadBytes / 1024 ** 3;
console.log(`\n(b) ${gib.toFixed(2)} GiB upload (chunked session, ${chunkSize / 1024 ** 2} MiB chunks × ${parallel} in parallel, SHA-256 per chunk and whole file)`);
console.log(`  raw limit: cp on the same disk ${fmt(upload.cp)}  (${((uploadBytes / 1024 ** 2) / (upload.cp / 1000)).toFixed(0)} MiB/s)`);
console.log(`  API upload                    ${fmt(upload.upload)}  (${((uploadBytes / 1024 ** 2) / (upload.upload / 1000)).toFixed(0)} MiB/s)   ${ratio(upload.upload, upload.cp)} cp`);
console.log(`    of which chunks ${fmt(upload.chunksMs)} (each: SHA-256 on both sides, written at its offset and fdatasync'd, recorded in the database; the whole-file SHA-256 read back from disk behind them)`);
console.log(`    and completion  ${fmt(upload.completeMs)} (the rest of the whole-file SHA-256 from disk, then renamed)`);
console.log(`\n(c) uploader killed at 50 %, then resumed`);
console.log(`  held by the server at the kill ${mib(resume.heldBytes)} of ${mib(uploadBytes)}`);
console.log(`  sent by the killed uploader    ${mib(resume.startedBytes)} (chunks started)`);
console.log(`  sent on resume                 ${mib(resume.resumeBytes)}`);
console.log(`  re-sent (at most)              ${mib(resume.reSent)}   ${((resume.reSent / uploadBytes) * 100).toFixed(2)} % of the file; ${(resume.reSent / chunkSize).toFixed(0)} chunk(s) in flight`);
