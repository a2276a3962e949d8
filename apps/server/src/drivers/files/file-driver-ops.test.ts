import { Code } from '@starlight/contract/codes';
import { expect, it } from 'vitest';
import { describeEachDriver } from './testing/driver-harness';
import type { DriverHarness } from './testing/driver-harness';
import { codeOf, readText, reasonOf, writeText } from './testing/io';

async function dirFor(h: DriverHarness, name: string): Promise<string> {
  await h.driver.mkdir(h.alice, `${h.run}/${name}`);
  return `${h.run}/${name}`;
}
const names = async (h: DriverHarness, dir: string): Promise<string[]> =>
  (await h.driver.listDir(h.alice, dir, { limit: 1000 })).entries.map((e) => e.name).sort();

describeEachDriver('mkdir, rename, copy, remove', (harness) => {
  it('makes directories: 1409 when taken, 11502 without a parent, the whole chain with parents', async () => {
    const h = harness();
    const d = await dirFor(h, 'mkdir');
    expect((await h.driver.mkdir(h.alice, `${d}/one`)).type).toBe('dir');
    expect(await codeOf(h.driver.mkdir(h.alice, `${d}/one`))).toBe(Code.conflict);
    expect(await codeOf(h.driver.mkdir(h.alice, `${d}/missing/two`))).toBe(Code.dirMissing);
    expect((await h.driver.mkdir(h.alice, `${d}/a/b/c`, { parents: true })).name).toBe('c');
    expect((await h.driver.mkdir(h.alice, `${d}/a/b/c`, { parents: true })).type).toBe('dir');
    await writeText(h.driver, h.alice, `${d}/file`, 'x');
    expect(await codeOf(h.driver.mkdir(h.alice, `${d}/file/sub`, { parents: true }))).toBe(Code.conflict);
    expect(await codeOf(h.driver.mkdir(h.alice, '.'))).toBe(Code.conflict);
  });

  it('renames and moves; never over an existing entry unless asked; never a directory into itself', async () => {
    const h = harness();
    const d = await dirFor(h, 'rename');
    await writeText(h.driver, h.alice, `${d}/a.txt`, 'A');
    await writeText(h.driver, h.alice, `${d}/b.txt`, 'B');
    await h.driver.mkdir(h.alice, `${d}/sub/inner`, { parents: true });
    expect(await codeOf(h.driver.rename(h.alice, `${d}/a.txt`, `${d}/b.txt`))).toBe(Code.conflict);
    expect(await readText(h.driver, h.alice, `${d}/b.txt`)).toBe('B');
    await h.driver.rename(h.alice, `${d}/a.txt`, `${d}/sub/moved.txt`);
    expect(await names(h, d)).toEqual(['b.txt', 'sub']);
    expect(await readText(h.driver, h.alice, `${d}/sub/moved.txt`)).toBe('A');
    await h.driver.rename(h.alice, `${d}/sub/moved.txt`, `${d}/b.txt`, { overwrite: true });
    expect(await readText(h.driver, h.alice, `${d}/b.txt`)).toBe('A');
    expect(await reasonOf(h.driver.rename(h.alice, `${d}/sub`, `${d}/sub/inner/sub`))).toBe('into-itself');
    expect(await codeOf(h.driver.rename(h.alice, `${d}/nothing`, `${d}/x`))).toBe(Code.notFound);
    expect(await codeOf(h.driver.rename(h.alice, '.', `${d}/home`))).toBe(Code.forbidden);
    expect(await codeOf(h.driver.rename(h.alice, `${d}/b.txt`, `${d}/no/dir/b.txt`))).toBe(Code.dirMissing);
  });

  it('moves a link that points outside as the link itself, leaving its target alone', async () => {
    const h = harness();
    const d = await dirFor(h, 'rename-link');
    await h.raw.symlink('alice', `${h.aliceHome}/${d}/out`, h.outside);
    await h.driver.rename(h.alice, `${d}/out`, `${d}/out2`);
    expect((await h.driver.listDir(h.alice, d)).entries).toMatchObject([{ name: 'out2', type: 'symlink' }]);
    expect(await h.raw.exists('alice', h.outside)).toBe(true);
  });

  it('copies a file and a tree (links as links), whole or not at all, never over an entry', async () => {
    const h = harness();
    const d = await dirFor(h, 'copy');
    await h.driver.mkdir(h.alice, `${d}/src/deep/er`, { parents: true });
    await writeText(h.driver, h.alice, `${d}/src/top.txt`, 'top');
    await writeText(h.driver, h.alice, `${d}/src/deep/er/leaf.bin`, Buffer.alloc(300_000, 9));
    await h.raw.symlink('alice', `${h.aliceHome}/${d}/src/deep/out`, h.outside);
    await h.driver.copy(h.alice, `${d}/src/top.txt`, `${d}/top-copy.txt`);
    expect(await readText(h.driver, h.alice, `${d}/top-copy.txt`)).toBe('top');
    await h.driver.copy(h.alice, `${d}/src`, `${d}/dst`);
    expect(await names(h, `${d}/dst`)).toEqual(['deep', 'top.txt']);
    expect(await h.driver.sha256(h.alice, `${d}/dst/deep/er/leaf.bin`)).toBe(await h.driver.sha256(h.alice, `${d}/src/deep/er/leaf.bin`));
    // the link is copied as a link, and reading through it is refused as before
    expect((await h.driver.listDir(h.alice, `${d}/dst/deep`)).entries).toMatchObject([{ name: 'er' }, { name: 'out', type: 'symlink' }]);
    expect(await codeOf(h.driver.listDir(h.alice, `${d}/dst/deep/out`))).toBe(Code.forbidden);
    expect(await codeOf(h.driver.copy(h.alice, `${d}/src/top.txt`, `${d}/top-copy.txt`))).toBe(Code.conflict);
    expect(await reasonOf(h.driver.copy(h.alice, `${d}/src`, `${d}/src/deep/again`))).toBe('into-itself');
    expect(await codeOf(h.driver.copy(h.alice, `${d}/none`, `${d}/x`))).toBe(Code.notFound);
    expect((await h.raw.names('alice', `${h.aliceHome}/${d}`)).filter((n) => n.startsWith('.starlight-part-'))).toEqual([]);
  });

  it('removes to .trash/<id>/<original path>, recoverable by rename; inside .trash it deletes', async () => {
    const h = harness();
    const d = await dirFor(h, 'remove');
    await writeText(h.driver, h.alice, `${d}/doomed.txt`, 'save me');
    const { trashPath } = await h.driver.remove(h.alice, `${d}/doomed.txt`);
    expect(trashPath).toMatch(new RegExp(`^\\.trash/[^/]+/${d}/doomed\\.txt$`));
    expect(await names(h, d)).toEqual([]);
    expect(await readText(h.driver, h.alice, trashPath as string)).toBe('save me');
    await h.driver.rename(h.alice, trashPath as string, `${d}/doomed.txt`);
    expect(await readText(h.driver, h.alice, `${d}/doomed.txt`)).toBe('save me');
    // a second removal of the same path gets its own trash entry
    const again = await h.driver.remove(h.alice, `${d}/doomed.txt`);
    expect(again.trashPath).not.toBe(trashPath);
    const trashId = (again.trashPath as string).split('/').slice(0, 2).join('/');
    expect(await h.driver.remove(h.alice, trashId)).toEqual({ trashPath: null });
    expect(await codeOf(h.driver.stat(h.alice, trashId))).toBe(Code.notFound);
  });

  it('removes a directory tree to the trash, or for good when asked', async () => {
    const h = harness();
    const d = await dirFor(h, 'remove-tree');
    await h.driver.mkdir(h.alice, `${d}/tree/a/b`, { parents: true });
    await writeText(h.driver, h.alice, `${d}/tree/a/b/f.txt`, 'f');
    const { trashPath } = await h.driver.remove(h.alice, `${d}/tree`);
    expect(await readText(h.driver, h.alice, `${trashPath}/a/b/f.txt`)).toBe('f');
    await h.driver.mkdir(h.alice, `${d}/gone/x`, { parents: true });
    expect(await h.driver.remove(h.alice, `${d}/gone`, { permanent: true })).toEqual({ trashPath: null });
    expect(await names(h, d)).toEqual([]);
  });

  it('removes a link that points outside as the link, the outside target untouched', async () => {
    const h = harness();
    const d = await dirFor(h, 'remove-link');
    await h.raw.write('alice', `${h.outside}/keep.txt`, 'keep');
    await h.raw.symlink('alice', `${h.aliceHome}/${d}/out`, h.outside);
    await h.driver.remove(h.alice, `${d}/out`, { permanent: true });
    expect(await names(h, d)).toEqual([]);
    expect(await h.raw.read('alice', `${h.outside}/keep.txt`)).toBe('keep');
  });

  it('refuses to remove the home (1403) or what is not there (1404)', async () => {
    const h = harness();
    expect(await codeOf(h.driver.remove(h.alice, '.'))).toBe(Code.forbidden);
    expect(await codeOf(h.driver.remove(h.alice, h.aliceHome))).toBe(Code.forbidden);
    expect(await codeOf(h.driver.remove(h.alice, `${h.run}/never-was`))).toBe(Code.notFound);
  });
});
