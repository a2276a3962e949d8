import { createHash } from 'node:crypto';
import { Code } from '@starlight/contract/codes';
import { expect, it } from 'vitest';
import { describeEachDriver } from './testing/driver-harness';
import type { DriverHarness } from './testing/driver-harness';
import { codeOf, readText, writeText } from './testing/io';

const sha = (text: string): string => createHash('sha256').update(text).digest('hex');
const rawNames = (h: DriverHarness, dir: string): Promise<string[]> => h.raw.names('alice', `${h.aliceHome}/${dir}`);
async function dirFor(h: DriverHarness, name: string): Promise<string> {
  await h.driver.mkdir(h.alice, `${h.run}/${name}`);
  return `${h.run}/${name}`;
}

describeEachDriver('parts (chunked uploads)', (harness) => {
  it('assembles chunks written out of order, and the file appears only on commit', async () => {
    const h = harness();
    const d = await dirFor(h, 'p0');
    const path = `${d}/big.txt`;
    const id = await h.driver.createPart(h.alice, path, { exclusive: true });
    await h.driver.writePart(h.alice, path, id, 6, Buffer.from('world'));
    await h.driver.writePart(h.alice, path, id, 0, Buffer.from('hello '));
    expect((await h.driver.listDir(h.alice, d)).entries).toEqual([]);
    const { sha256 } = await h.driver.commitPart(h.alice, path, id, { size: 11, sha256: sha('hello world'), exclusive: true });
    expect(sha256).toBe(sha('hello world'));
    expect(await readText(h.driver, h.alice, path)).toBe('hello world');
    expect(await rawNames(h, d)).toEqual(['big.txt']);
  });

  it('hashes ranges of a part as they are written, and commit reads only the rest', async () => {
    const h = harness();
    const d = await dirFor(h, 'p0h');
    const path = `${d}/running.txt`;
    const id = await h.driver.createPart(h.alice, path, { exclusive: true });
    await h.driver.writePart(h.alice, path, id, 0, Buffer.from('hello '));
    const running = createHash('sha256');
    await h.driver.hashPart(h.alice, path, id, 0, 6, running);
    await h.driver.writePart(h.alice, path, id, 6, Buffer.from('world'));
    // a range past the end of the part is refused (the caller's hash is then unusable)
    expect(await codeOf(h.driver.hashPart(h.alice, path, id, 6, 20, createHash('sha256')))).toBe(Code.invalidInput);
    const { sha256 } = await h.driver.commitPart(h.alice, path, id, { size: 11, sha256: sha('hello world'), exclusive: true, hashed: { bytes: 6, hash: running } });
    expect(sha256).toBe(sha('hello world'));
    expect(await readText(h.driver, h.alice, path)).toBe('hello world');

    // a prefix hashed from other bytes than the part holds makes the whole-file checksum fail: refused, part removed
    const other = `${d}/wrong.txt`;
    const id2 = await h.driver.createPart(h.alice, other, { exclusive: true });
    await h.driver.writePart(h.alice, other, id2, 0, Buffer.from('hello world'));
    const stale = createHash('sha256').update('HELLO ');
    expect(await codeOf(h.driver.commitPart(h.alice, other, id2, { size: 11, sha256: sha('hello world'), exclusive: true, hashed: { bytes: 6, hash: stale } }))).toBe(Code.invalidInput);
    expect(await rawNames(h, d)).toEqual(['running.txt']);
  });

  it('removes the part on a wrong checksum or size, leaving an existing file intact', async () => {
    const h = harness();
    const d = await dirFor(h, 'p1');
    const path = `${d}/kept.txt`;
    await writeText(h.driver, h.alice, path, 'original');
    const id = await h.driver.createPart(h.alice, path);
    await h.driver.writePart(h.alice, path, id, 0, Buffer.from('replacement'));
    expect(await codeOf(h.driver.commitPart(h.alice, path, id, { size: 11, sha256: sha('other'), exclusive: false }))).toBe(Code.invalidInput);
    expect(await rawNames(h, d)).toEqual(['kept.txt']);
    const id2 = await h.driver.createPart(h.alice, path);
    await h.driver.writePart(h.alice, path, id2, 0, Buffer.from('short'));
    expect(await codeOf(h.driver.commitPart(h.alice, path, id2, { size: 11, exclusive: false }))).toBe(Code.invalidInput);
    expect(await readText(h.driver, h.alice, path)).toBe('original');
    expect(await rawNames(h, d)).toEqual(['kept.txt']);
  });

  it('refuses a taken name when exclusive, at creation and again at commit', async () => {
    const h = harness();
    const d = await dirFor(h, 'p2');
    const path = `${d}/race.txt`;
    const id = await h.driver.createPart(h.alice, path, { exclusive: true });
    await h.driver.writePart(h.alice, path, id, 0, Buffer.from('late'));
    await writeText(h.driver, h.alice, path, 'first');
    expect(await codeOf(h.driver.createPart(h.alice, path, { exclusive: true }))).toBe(Code.conflict);
    expect(await codeOf(h.driver.commitPart(h.alice, path, id, { size: 4, exclusive: true }))).toBe(Code.conflict);
    expect(await readText(h.driver, h.alice, path)).toBe('first');
    expect(await rawNames(h, d)).toEqual(['race.txt']);
  });

  it('refuses part ids that are not ours and paths outside the home', async () => {
    const h = harness();
    expect(await codeOf(h.driver.writePart(h.alice, `${h.run}/x`, '../../etc', 0, Buffer.from('x')))).toBe(Code.invalidInput);
    expect(await codeOf(h.driver.createPart(h.alice, '../x'))).toBe(Code.forbidden);
    await h.raw.symlink('alice', `${h.aliceHome}/${h.run}/parts-out`, h.outside);
    expect(await codeOf(h.driver.createPart(h.alice, `${h.run}/parts-out/new`))).toBe(Code.forbidden);
    const id = await h.driver.createPart(h.alice, `${h.run}/gone.txt`);
    await h.driver.discardPart(h.alice, `${h.run}/gone.txt`, id);
    expect(await codeOf(h.driver.writePart(h.alice, `${h.run}/gone.txt`, id, 0, Buffer.from('x')))).toBe(Code.notFound);
  });
});
