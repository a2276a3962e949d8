import { promises as fsp } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@starlight/contract/codes';
import { FileError } from '../file-error';
import { createLocalFs } from './local-fs';
import { createLocalFileDriver } from './local-driver';

/**
 * The second wall of the local driver, tested on its own: even when a path that passed the core's
 * checks is swapped for a link before use (simulated by handing the RawFs an outside path through
 * a link directly), the opened descriptor is found outside the home and refused.
 */

let root: string;
let home: string;
let outside: string;
const escape = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => 'accepted',
    (e: unknown) => (e instanceof FileError ? `${e.code} ${e.reason}` : String((e as { code?: string }).code ?? e)),
  );

beforeAll(async () => {
  root = await fsp.realpath(await fsp.mkdtemp(path.join(tmpdir(), 'sl-localfs-')));
  home = path.join(root, 'home');
  outside = path.join(root, 'outside');
  await fsp.mkdir(home);
  await fsp.mkdir(outside);
  await fsp.writeFile(path.join(outside, 'secret.txt'), 'secret');
  await fsp.symlink(outside, path.join(home, 'swapped-dir'));
  await fsp.symlink(path.join(outside, 'secret.txt'), path.join(home, 'swapped-file'));
});
afterAll(() => fsp.rm(root, { recursive: true, force: true }));

describe('local RawFs descriptor checks', () => {
  const fs = (): ReturnType<typeof createLocalFs> => createLocalFs(home);

  it('refuses to read a file whose directory turned out to be a link out of the home', async () => {
    expect(await escape(fs().openFile(path.join(home, 'swapped-dir', 'secret.txt')))).toBe(`${Code.forbidden} symlink-escape`);
  });

  it('never follows a final link when opening (O_NOFOLLOW: ELOOP)', async () => {
    expect(await escape(fs().openFile(path.join(home, 'swapped-file')))).toBe('ELOOP');
    // with O_DIRECTORY the kernel says ENOTDIR for a link: refused all the same
    expect(await escape(fs().readdir(path.join(home, 'swapped-dir')))).toBe('ENOTDIR');
    expect(await escape(fs().copyFile(path.join(home, 'swapped-file'), path.join(home, 'copy')))).toBe('ELOOP');
  });

  it('refuses, and removes, a new file that landed outside through a swapped directory', async () => {
    expect(await escape(fs().createExclusive(path.join(home, 'swapped-dir', 'planted.txt')))).toBe(`${Code.forbidden} symlink-escape`);
    expect((await fsp.readdir(outside)).sort()).toEqual(['secret.txt']);
  });

  it('refuses to list a directory reached through a swapped parent', async () => {
    await fsp.mkdir(path.join(outside, 'sub'), { recursive: true });
    expect(await escape(fs().readdir(path.join(home, 'swapped-dir', 'sub')))).toBe(`${Code.forbidden} symlink-escape`);
  });

  it('does not block on a FIFO', async () => {
    const { execFileSync } = await import('node:child_process');
    execFileSync('mkfifo', [path.join(home, 'pipe')]);
    expect(await escape(fs().openFile(path.join(home, 'pipe')))).toBe('ENOTFILE');
  });
});

describe('local driver homes', () => {
  it('refuses a home that was replaced by a link', async () => {
    const dataDir = path.join(root, 'data');
    await fsp.mkdir(path.join(dataDir, 'homes'), { recursive: true });
    await fsp.symlink(outside, path.join(dataDir, 'homes', 'mallory'));
    const driver = createLocalFileDriver({ dataDir });
    expect(await escape(driver.listDir({ account: 'mallory' }, '.'))).toBe(`${Code.forbidden} symlink-escape`);
  });

  it('makes homes with mode 700 on first use', async () => {
    const dataDir = path.join(root, 'data2');
    const driver = createLocalFileDriver({ dataDir });
    const home = await driver.homePath({ account: 'carol' });
    expect((await fsp.stat(home)).mode & 0o777).toBe(0o700);
  });

  it('refuses to trash into a .trash that is a link out of the home', async () => {
    const dataDir = path.join(root, 'data3');
    const driver = createLocalFileDriver({ dataDir });
    const who = { account: 'alice' };
    const home = await driver.homePath(who);
    await fsp.writeFile(path.join(home, 'f.txt'), 'f');
    await fsp.symlink(outside, path.join(home, '.trash'));
    expect(await escape(driver.remove(who, 'f.txt'))).toBe(`${Code.forbidden} symlink-escape`);
    expect(await fsp.readFile(path.join(home, 'f.txt'), 'utf8')).toBe('f');
    expect((await fsp.readdir(outside)).sort()).toEqual(['secret.txt', 'sub']);
  });
});
