import { posix } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Code } from '@starlight/contract/codes';
import { beforeAll, expect, it } from 'vitest';
import { FileError } from './file-error';
import { describeEachDriver } from './testing/driver-harness';
import type { DriverHarness } from './testing/driver-harness';
import { hostilePaths, plantLinks } from './testing/hostile-paths';
import type { HostilePath } from './testing/hostile-paths';

/**
 * Every hostile path, every operation, both drivers: each must be refused with the row's code, and
 * afterwards nothing may have appeared outside alice's home (the outside directory, bob's home, the
 * parent of the home, /etc) and nothing inside may have changed.
 */

interface Op {
  name: string;
  run(h: DriverHarness, path: string, row: HostilePath, i: number): Promise<unknown>;
  /** Codes for this row, or 'skip' where acting is legitimate (the link itself) or too risky to probe. */
  expect?(row: HostilePath): readonly number[] | 'skip';
}

const taken = (row: HostilePath): readonly number[] => (row.finalLink ? [Code.conflict] : row.codes);
const onTheLink = (row: HostilePath): readonly number[] | 'skip' => (row.finalLink || row.readOnly ? 'skip' : row.codes);

const ops: Op[] = [
  { name: 'listDir', run: (h, p) => h.driver.listDir(h.alice, p) },
  { name: 'stat', run: (h, p) => h.driver.stat(h.alice, p) },
  {
    name: 'readStream',
    run: async (h, p) => (await h.driver.readStream(h.alice, p)).stream.destroy(),
  },
  { name: 'sha256', run: (h, p) => h.driver.sha256(h.alice, p) },
  {
    name: 'writeStream',
    // exclusive against real system files: a broken check then meets 1409, never an overwrite
    run: async (h, p, row) => pipeline(Readable.from([Buffer.from('pwned')]), await h.driver.writeStream(h.alice, p, { exclusive: !!row.readOnly })),
  },
  { name: 'mkdir', run: (h, p) => h.driver.mkdir(h.alice, p), expect: taken },
  { name: 'mkdir -p', run: (h, p) => h.driver.mkdir(h.alice, p, { parents: true }) },
  { name: 'copy from', run: (h, p, _r, i) => h.driver.copy(h.alice, p, `${h.run}/copy-dest-${i}`) },
  { name: 'copy to', run: (h, p) => h.driver.copy(h.alice, `${h.run}/seed.txt`, p), expect: taken },
  { name: 'rename to', run: (h, p) => h.driver.rename(h.alice, `${h.run}/seed.txt`, p), expect: taken },
  { name: 'rename from', run: (h, p, _r, i) => h.driver.rename(h.alice, p, `${h.run}/moved-${i}`), expect: onTheLink },
  { name: 'remove', run: (h, p) => h.driver.remove(h.alice, p), expect: onTheLink },
  { name: 'remove permanently', run: (h, p) => h.driver.remove(h.alice, p, { permanent: true }), expect: onTheLink },
];

async function outcome(fn: () => Promise<unknown>): Promise<{ code?: number; text: string }> {
  try {
    await fn();
    return { text: 'accepted' };
  } catch (err) {
    return err instanceof FileError ? { code: err.code, text: `${err.code} ${err.reason}` } : { text: `threw ${String(err)}` };
  }
}

/** A 1403 must be our own refusal, decided before the cluster's permissions are asked. */
const ourRefusals = ['outside-home', 'symlink-escape'];

// labels and count only; the real rows are built from the harness
const placeholderRows = hostilePaths({ run: 'run', aliceHome: '/home/alice', bobHome: '/home/bob' });

it('has at least 30 hostile paths', () => {
  expect(placeholderRows.length).toBeGreaterThanOrEqual(30);
});

describeEachDriver('hostile paths', (harness) => {
  let rows: HostilePath[] = [];
  beforeAll(async () => {
    const h = harness();
    await plantLinks(h);
    rows = hostilePaths(h);
  });

  it.each(placeholderRows.map((row, i) => ({ label: row.label, i })))('refuses: $label', async ({ i }) => {
    const h = harness();
    const row = rows[i] as HostilePath;
    const problems: string[] = [];
    for (const op of ops) {
      const codes = op.expect ? op.expect(row) : row.codes;
      if (codes === 'skip') continue;
      const got = await outcome(() => op.run(h, row.path, row, i));
      const ok =
        got.code !== undefined &&
        codes.includes(got.code) &&
        (got.code !== Code.forbidden || ourRefusals.some((r) => got.text.endsWith(r)));
      if (!ok) problems.push(`${op.name}: expected ${codes.join('|')}, got ${got.text}`);
    }
    expect(problems).toEqual([]);
  });

  it('wrote nothing outside the home and changed nothing inside', async () => {
    const h = harness();
    const { raw } = h;
    expect((await raw.names('alice', h.outside)).sort()).toEqual(['secret.txt', 'sub']);
    expect(await raw.names('alice', `${h.outside}/sub`)).toEqual([]);
    expect(await raw.read('alice', `${h.outside}/secret.txt`)).toBe('outside secret');
    expect(await raw.names('bob', `${h.bobHome}/${h.run}`)).toEqual(['bob-secret.txt']);
    expect(await raw.read('bob', `${h.bobHome}/${h.run}/bob-secret.txt`)).toBe('bob secret');
    for (const name of ['x', 'new', 'evil', 'starlight-probe']) expect(await raw.exists('bob', `${h.bobHome}/${name}`)).toBe(false);
    const homesParent = posix.dirname(h.aliceHome);
    for (const name of ['x', `${posix.basename(h.aliceHome)}x`]) expect(await raw.exists('alice', `${homesParent}/${name}`)).toBe(false);
    expect(await raw.exists('alice', '/etc/starlight-probe')).toBe(false);
    const mine = await raw.names('alice', `${h.aliceHome}/${h.run}`);
    expect(mine.filter((n) => /^(moved-|copy-dest-|\.starlight-part-)/.test(n))).toEqual([]);
    expect(await raw.read('alice', `${h.aliceHome}/${h.run}/seed.txt`)).toBe('seed');
  });

  it('keeps look-alike names literal and inside the home (no URL decoding, no ~ expansion)', async () => {
    const h = harness();
    const names = ['%2e%2e', '%2e%2e%2fx', '~bob', '\uff0e\uff0e', '\u2025', '...', '..a', 'a..', '%00', ' '];
    for (const name of names) {
      const path = `${h.run}/literal/${name}/f.txt`;
      await h.driver.mkdir(h.alice, `${h.run}/literal/${name}`, { parents: true });
      await pipeline(Readable.from([Buffer.from(name)]), await h.driver.writeStream(h.alice, path));
      expect(await h.raw.read('alice', `${h.aliceHome}/${path}`)).toBe(name);
    }
    const page = await h.driver.listDir(h.alice, `${h.run}/literal`, { limit: 100 });
    expect(page.entries.map((e) => e.name).sort()).toEqual([...names].sort());
  });

  it('accepts what stays inside: an absolute path under the home, a link back into the home', async () => {
    const h = harness();
    expect((await h.driver.stat(h.alice, `${h.aliceHome}/${h.run}/seed.txt`)).size).toBe(4);
    expect((await h.driver.stat(h.alice, `${h.run}/up/${h.run}/seed.txt`)).size).toBe(4);
    expect((await h.driver.listDir(h.alice, `${h.run}/up`)).entries.some((e) => e.name === h.run)).toBe(true);
  });
});
