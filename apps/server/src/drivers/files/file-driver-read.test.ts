import { Code } from '@starlight/contract/codes';
import { expect, it } from 'vitest';
import { describeEachDriver } from './testing/driver-harness';
import type { DriverHarness } from './testing/driver-harness';
import { codeOf, readText, reasonOf, writeText } from './testing/io';

async function dirFor(h: DriverHarness, name: string): Promise<string> {
  await h.driver.mkdir(h.alice, `${h.run}/${name}`);
  return `${h.run}/${name}`;
}
const isRoot = process.getuid?.() === 0;

describeEachDriver('reads and listings', (harness, kind) => {
  it("reports the account's home: under the data directory (local), the server's answer (ssh)", async () => {
    const h = harness();
    expect(h.aliceHome).toMatch(kind === 'local' ? /\/homes\/alice$/ : /^\/.*alice$/);
    expect((await h.driver.stat(h.alice, '.')).type).toBe('dir');
    expect(await codeOf(h.driver.homePath({ account: '../bob' }))).toBe(Code.invalidInput);
    expect(await codeOf(h.driver.listDir({ account: '' }, '.'))).toBe(Code.invalidInput);
  });

  it('reads byte ranges as HTTP does (inclusive end, clamped), and refuses one past the end', async () => {
    const h = harness();
    const d = await dirFor(h, 'ranges');
    await writeText(h.driver, h.alice, `${d}/abc.txt`, 'abcdefghij');
    expect(await readText(h.driver, h.alice, `${d}/abc.txt`)).toBe('abcdefghij');
    expect(await readText(h.driver, h.alice, `${d}/abc.txt`, { start: 2, end: 4 })).toBe('cde');
    expect(await readText(h.driver, h.alice, `${d}/abc.txt`, { start: 7 })).toBe('hij');
    expect(await readText(h.driver, h.alice, `${d}/abc.txt`, { start: 8, end: 999 })).toBe('ij');
    const read = await h.driver.readStream(h.alice, `${d}/abc.txt`, { start: 9, end: 9 });
    expect([read.size, read.start, read.end]).toEqual([10, 9, 9]);
    read.stream.destroy();
    expect(await reasonOf(h.driver.readStream(h.alice, `${d}/abc.txt`, { start: 10 }))).toBe('range');
    expect(await reasonOf(h.driver.readStream(h.alice, `${d}/abc.txt`, { start: 5, end: 4 }))).toBe('range');
    expect(await reasonOf(h.driver.readStream(h.alice, `${d}/abc.txt`, { start: -1 }))).toBe('range');
    await writeText(h.driver, h.alice, `${d}/empty.txt`, '');
    expect(await readText(h.driver, h.alice, `${d}/empty.txt`)).toBe('');
    expect(await reasonOf(h.driver.readStream(h.alice, d))).toBe('is-a-dir');
    expect(await codeOf(h.driver.readStream(h.alice, `${d}/none`))).toBe(Code.notFound);
  });

  it('stats files, directories and links inside the home (followed)', async () => {
    const h = harness();
    const d = await dirFor(h, 'stat');
    await writeText(h.driver, h.alice, `${d}/f.txt`, '12345');
    await h.raw.symlink('alice', `${h.aliceHome}/${d}/alias`, 'f.txt');
    const file = await h.driver.stat(h.alice, `${d}/f.txt`);
    expect(file).toMatchObject({ name: 'f.txt', type: 'file', size: 5 });
    expect(Math.abs(file.mtime - Date.now())).toBeLessThan(120_000);
    expect(file.mode & 0o600).toBe(0o600);
    expect(await h.driver.stat(h.alice, `${d}/alias`)).toMatchObject({ name: 'alias', type: 'file', size: 5 });
    expect(await codeOf(h.driver.stat(h.alice, `${d}/none`))).toBe(Code.notFound);
    expect(await codeOf(h.driver.stat(h.alice, `${d}/f.txt/below`))).toBe(Code.dirMissing);
  });

  it('lists a page sorted on the server: natural names, directories first, by size or time, filtered', async () => {
    const h = harness();
    const d = await dirFor(h, 'list');
    for (const [name, size] of [['file10.txt', 3], ['file2.txt', 30], ['File1.txt', 20], ['notes.md', 10]] as const)
      await writeText(h.driver, h.alice, `${d}/${name}`, 'x'.repeat(size));
    await h.driver.mkdir(h.alice, `${d}/zdir`);
    const page = (o: Parameters<typeof h.driver.listDir>[2]) => h.driver.listDir(h.alice, d, o);
    const order = async (o: Parameters<typeof h.driver.listDir>[2]) => (await page(o)).entries.map((e) => e.name);
    expect(await order({})).toEqual(['zdir', 'File1.txt', 'file2.txt', 'file10.txt', 'notes.md']);
    expect(await order({ dirsFirst: false, order: 'desc' })).toEqual(['zdir', 'notes.md', 'file10.txt', 'file2.txt', 'File1.txt']);
    expect(await order({ sort: 'size', dirsFirst: false, filter: 'FILE' })).toEqual(['file10.txt', 'File1.txt', 'file2.txt']);
    expect(await order({ sort: 'size', order: 'desc', filter: '.txt' })).toEqual(['file2.txt', 'File1.txt', 'file10.txt']);
    expect(await page({ offset: 1, limit: 2 })).toMatchObject({ total: 5, offset: 1, entries: [{ name: 'File1.txt' }, { name: 'file2.txt' }] });
    expect(await page({ offset: 10 })).toEqual({ entries: [], total: 5, offset: 10 });
    const byTime = await order({ sort: 'mtime', dirsFirst: false });
    expect(byTime).toHaveLength(5);
    expect((await page({ limit: 1 })).entries[0]).toMatchObject({ name: 'zdir', type: 'dir' });
    if (kind === 'ssh') expect((await page({ limit: 1 })).entries[0]?.owner).toBe('alice');
    for (const bad of [{ limit: 0 }, { limit: 1001 }, { offset: -1 }, { sort: 'owner' as 'name' }, { order: 'up' as 'asc' }])
      expect(await reasonOf(page(bad))).toBe('invalid-option');
  });

  it('answers 11502 for a missing directory or a file, 1201 for one it may not read', async () => {
    const h = harness();
    const d = await dirFor(h, 'list-errors');
    expect(await codeOf(h.driver.listDir(h.alice, `${d}/nope`))).toBe(Code.dirMissing);
    await writeText(h.driver, h.alice, `${d}/plain.txt`, 'x');
    expect(await codeOf(h.driver.listDir(h.alice, `${d}/plain.txt`))).toBe(Code.dirMissing);
    // root reads everything, so the local driver (which runs as the server's uid) cannot show 1201 under root
    if (kind === 'local' && isRoot) return;
    await h.driver.mkdir(h.alice, `${d}/closed`);
    await h.raw.chmod('alice', `${h.aliceHome}/${d}/closed`, 0o000);
    try {
      expect(await codeOf(h.driver.listDir(h.alice, `${d}/closed`))).toBe(Code.dirUnreadable);
    } finally {
      await h.raw.chmod('alice', `${h.aliceHome}/${d}/closed`, 0o700);
    }
  });
});
