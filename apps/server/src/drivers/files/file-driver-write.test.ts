import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Code } from '@starlight/contract/codes';
import { expect, it } from 'vitest';
import { describeEachDriver } from './testing/driver-harness';
import type { DriverHarness } from './testing/driver-harness';
import { codeOf, readText, reasonOf, writeText } from './testing/io';

const sha = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A body that sends `first`, then fails like a client that hung up. */
function brokenBody(first: string): Readable {
  return new Readable({
    read() {
      if (this.readableLength === 0 && !(this as { sent?: boolean }).sent) {
        (this as { sent?: boolean }).sent = true;
        this.push(Buffer.from(first));
        setTimeout(() => this.destroy(new Error('client went away')), 20);
      }
    },
  });
}

const rawNames = (h: DriverHarness, dir: string): Promise<string[]> => h.raw.names('alice', `${h.aliceHome}/${dir}`);
/** A fresh directory per test, inside the suite's run directory. */
async function dirFor(h: DriverHarness, name: string): Promise<string> {
  await h.driver.mkdir(h.alice, `${h.run}/${name}`);
  return `${h.run}/${name}`;
}
/** The temporary file goes in the stream's destroy, which may finish just after pipeline rejects. */
const settled = async (w: Writable): Promise<void> => {
  if (!w.closed) await new Promise((resolve) => w.once('close', resolve)); // not events.once: it rejects on 'error'
};
const listed = async (h: DriverHarness, dir: string): Promise<string[]> =>
  (await h.driver.listDir(h.alice, dir, { limit: 1000 })).entries.map((e) => e.name);

describeEachDriver('writes', (harness) => {
  it('writes a file that then reads back, under the name only once complete', async () => {
    const h = harness();
    const d = await dirFor(h, 't0');
    const path = `${d}/hello.txt`;
    const writable = await h.driver.writeStream(h.alice, path);
    writable.write('hello ');
    await new Promise((r) => setTimeout(r, 30));
    // mid-write: the temporary file exists on disk but neither the name nor the temp shows
    expect(await listed(h, d)).not.toContain('hello.txt');
    expect((await rawNames(h, d)).some((n) => n.startsWith('.starlight-part-'))).toBe(true);
    expect(await listed(h, d)).toEqual([]);
    await pipeline(Readable.from([Buffer.from('world')]), writable);
    expect(await readText(h.driver, h.alice, path)).toBe('hello world');
    expect(await rawNames(h, d)).toEqual(['hello.txt']);
  });

  it('leaves nothing when the body breaks off mid-stream (abort), and keeps an existing file intact', async () => {
    const h = harness();
    const d = await dirFor(h, 't1');
    await writeText(h.driver, h.alice, `${d}/kept.txt`, 'original');
    for (const target of ['new.txt', 'kept.txt']) {
      const writable = await h.driver.writeStream(h.alice, `${d}/${target}`);
      await expect(pipeline(brokenBody('partial data'), writable)).rejects.toThrow('client went away');
      await settled(writable);
    }
    expect(await rawNames(h, d)).toEqual(['kept.txt']);
    expect(await readText(h.driver, h.alice, `${d}/kept.txt`)).toBe('original');
  });

  it('removes the temporary file when the stream is destroyed without an error', async () => {
    const h = harness();
    const d = await dirFor(h, 't2');
    const writable = await h.driver.writeStream(h.alice, `${d}/destroyed.txt`);
    writable.write('x');
    writable.destroy();
    await settled(writable);
    expect((await rawNames(h, d)).filter((n) => n.startsWith('.starlight-part-') || n === 'destroyed.txt')).toEqual([]);
  });

  it('refuses an exclusive write to an existing file with 1409 before reading the body, original intact', async () => {
    const h = harness();
    const d = await dirFor(h, 't3');
    await writeText(h.driver, h.alice, `${d}/once.txt`, 'first');
    expect(await codeOf(h.driver.writeStream(h.alice, `${d}/once.txt`, { exclusive: true }))).toBe(Code.conflict);
    expect(await readText(h.driver, h.alice, `${d}/once.txt`)).toBe('first');
  });

  it('lets exactly one of two racing exclusive uploads to the same name win, whole', async () => {
    const h = harness();
    const d = await dirFor(h, 't4');
    const path = `${d}/race.bin`;
    const bodies = ['A'.repeat(200_000), 'B'.repeat(300_000)];
    const writables = await Promise.all(bodies.map(() => h.driver.writeStream(h.alice, path, { exclusive: true })));
    const results = await Promise.allSettled(bodies.map((b, i) => pipeline(Readable.from([Buffer.from(b)]), writables[i] as never)));
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const loser = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(loser.reason).toMatchObject({ code: Code.conflict });
    await Promise.all(writables.map(settled));
    expect(bodies).toContain(await readText(h.driver, h.alice, path));
    expect((await rawNames(h, d)).filter((n) => n.startsWith('.starlight-part-'))).toEqual([]);
  });

  it('replaces an existing file atomically when not exclusive', async () => {
    const h = harness();
    const d = await dirFor(h, 't5');
    await writeText(h.driver, h.alice, `${d}/replace.txt`, 'old');
    await writeText(h.driver, h.alice, `${d}/replace.txt`, 'new content');
    expect(await readText(h.driver, h.alice, `${d}/replace.txt`)).toBe('new content');
  });

  it('commits only a body whose SHA-256 matches; a mismatch leaves no file and the original intact', async () => {
    const h = harness();
    const d = await dirFor(h, 't6');
    await writeText(h.driver, h.alice, `${d}/sum.txt`, 'payload', { sha256: sha('payload') });
    expect(await h.driver.sha256(h.alice, `${d}/sum.txt`)).toBe(sha('payload'));
    const wrong = writeText(h.driver, h.alice, `${d}/sum.txt`, 'tampered', { sha256: sha('payload') });
    expect(await reasonOf(wrong)).toBe('checksum');
    expect(await readText(h.driver, h.alice, `${d}/sum.txt`)).toBe('payload');
    expect(await codeOf(writeText(h.driver, h.alice, `${d}/sum2.txt`, 'x', { sha256: sha('y') }))).toBe(Code.invalidInput);
    expect(await codeOf(h.driver.writeStream(h.alice, `${d}/sum3.txt`, { sha256: 'not-hex' }))).toBe(Code.invalidInput);
    expect((await rawNames(h, d)).filter((n) => n.startsWith('.starlight-part-') || n.startsWith('sum'))).toEqual(['sum.txt']);
  });

  it('writes through a link that stays inside the home, to the link target', async () => {
    const h = harness();
    const d = await dirFor(h, 't7');
    await h.raw.mkdir('alice', `${h.aliceHome}/${d}/real`);
    await h.raw.symlink('alice', `${h.aliceHome}/${d}/alias`, 'real');
    await writeText(h.driver, h.alice, `${d}/alias/via-link.txt`, 'linked');
    expect(await h.raw.read('alice', `${h.aliceHome}/${d}/real/via-link.txt`)).toBe('linked');
  });

  it('answers 11502 for a missing parent, 1409 for a directory in the way, 1403 for the home itself', async () => {
    const h = harness();
    const d = await dirFor(h, 't8');
    expect(await codeOf(h.driver.writeStream(h.alice, `${d}/no/such/dir/f.txt`))).toBe(Code.dirMissing);
    await h.driver.mkdir(h.alice, `${d}/a-dir`);
    expect(await codeOf(h.driver.writeStream(h.alice, `${d}/a-dir`))).toBe(Code.conflict);
    expect(await codeOf(h.driver.writeStream(h.alice, '.'))).toBe(Code.forbidden);
  });

  it('streams a 3 MB body and hashes it the same on the way in and out', async () => {
    const h = harness();
    const d = await dirFor(h, 't9');
    const body = Buffer.alloc(3 * 1024 * 1024, 7);
    body.write('marker', 1_234_567);
    const digest = createHash('sha256').update(body).digest('hex');
    const chunks = Array.from({ length: 48 }, (_, i) => body.subarray(i * 65536, (i + 1) * 65536));
    await pipeline(Readable.from(chunks), await h.driver.writeStream(h.alice, `${d}/big.bin`, { sha256: digest }));
    expect((await h.driver.stat(h.alice, `${d}/big.bin`)).size).toBe(body.length);
    expect(await h.driver.sha256(h.alice, `${d}/big.bin`)).toBe(digest);
  });
});
