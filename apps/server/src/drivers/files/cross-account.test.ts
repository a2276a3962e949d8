import { Code } from '@starlight/contract/codes';
import { expect, it } from 'vitest';
import { FileError } from './file-error';
import { connectSftp } from './ssh/sftp-connect';
import { createSftpFs } from './ssh/sftp-fs';
import { sshFileDriverConfigSchema } from './ssh/ssh-options';
import { describeEachDriver, sshTestConfig } from './testing/driver-harness';
import type { DriverHarness } from './testing/driver-harness';
import { codeOf, readText, writeText } from './testing/io';

/** How a call failed: our code and reason, or the error text when it is not ours. */
async function refusal(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'accepted';
  } catch (err) {
    return err instanceof FileError ? `${err.code} ${err.reason}` : String(err);
  }
}

async function bobsCorner(h: DriverHarness): Promise<string> {
  await h.raw.mkdir('bob', `${h.bobHome}/${h.run}`);
  await h.raw.write('bob', `${h.bobHome}/${h.run}/diary.txt`, 'dear diary');
  return `${h.bobHome}/${h.run}`;
}

describeEachDriver('alice and bob', (harness) => {
  it("alice cannot list, read or write bob's home: our checks refuse before the cluster is asked", async () => {
    const h = harness();
    const bob = await bobsCorner(h);
    const attempts: Record<string, () => Promise<unknown>> = {
      list: () => h.driver.listDir(h.alice, bob),
      listHome: () => h.driver.listDir(h.alice, h.bobHome),
      read: () => h.driver.readStream(h.alice, `${bob}/diary.txt`),
      stat: () => h.driver.stat(h.alice, `${bob}/diary.txt`),
      write: () => h.driver.writeStream(h.alice, `${bob}/diary.txt`),
      create: () => h.driver.writeStream(h.alice, `${bob}/new.txt`, { exclusive: true }),
      mkdir: () => h.driver.mkdir(h.alice, `${bob}/planted`),
      remove: () => h.driver.remove(h.alice, `${bob}/diary.txt`),
      moveOut: () => h.driver.rename(h.alice, `${bob}/diary.txt`, `${h.run}/stolen.txt`),
      copyOut: () => h.driver.copy(h.alice, `${bob}/diary.txt`, `${h.run}/stolen.txt`),
      relative: () => h.driver.readStream(h.alice, `../${h.bobHome.split('/').pop() as string}/${h.run}/diary.txt`),
    };
    for (const [what, call] of Object.entries(attempts)) expect([what, await refusal(call())]).toEqual([what, '1403 outside-home']);
    expect(await h.raw.read('bob', `${bob}/diary.txt`)).toBe('dear diary');
    expect(await h.raw.names('bob', bob)).toEqual(['diary.txt']);
  });

  it("a link alice plants to bob's home is refused as an escape, not followed", async () => {
    const h = harness();
    const bob = await bobsCorner(h);
    await h.raw.symlink('alice', `${h.aliceHome}/${h.run}/to-bob`, bob);
    for (const call of [
      () => h.driver.listDir(h.alice, `${h.run}/to-bob`),
      () => h.driver.readStream(h.alice, `${h.run}/to-bob/diary.txt`),
      () => h.driver.writeStream(h.alice, `${h.run}/to-bob/diary.txt`),
      () => h.driver.mkdir(h.alice, `${h.run}/to-bob/planted`, { parents: true }),
    ])
      expect(await refusal(call())).toBe('1403 symlink-escape');
    expect(await h.raw.read('bob', `${bob}/diary.txt`)).toBe('dear diary');
  });

  it('each account sees its own home', async () => {
    const h = harness();
    await writeText(h.driver, h.bob, `${h.run}-bob.txt`, 'mine');
    try {
      expect(await readText(h.driver, h.bob, `${h.run}-bob.txt`)).toBe('mine');
      expect(await codeOf(h.driver.stat(h.alice, `${h.run}-bob.txt`))).toBe(Code.notFound);
    } finally {
      await h.driver.remove(h.bob, `${h.run}-bob.txt`, { permanent: true });
    }
  });
});

describeEachDriver(
  'the cluster behind our checks',
  (harness) => {
    it("refuses alice bob's home by its own Unix permissions (raw SFTP as alice, our checks bypassed)", async () => {
      const h = harness();
      const bob = await bobsCorner(h);
      const config = sshTestConfig();
      if (!config.ok) throw new Error(config.missing);
      const conn = await connectSftp(sshFileDriverConfigSchema.parse(config.config), 'alice');
      try {
        const asAlice = createSftpFs(conn.sftp);
        const code = (p: Promise<unknown>): Promise<string | undefined> =>
          p.then(
            () => 'accepted',
            (e: { code?: string }) => e.code,
          );
        expect(await code(asAlice.readdir(h.bobHome))).toBe('EACCES');
        expect(await code(asAlice.openFile(`${bob}/diary.txt`))).toBe('EACCES');
        expect(await code(asAlice.createExclusive(`${h.bobHome}/planted.txt`))).toBe('EACCES');
        expect(await code(asAlice.mkdir(`${h.bobHome}/planted`))).toBe('EACCES');
      } finally {
        conn.end();
      }
      expect(await h.raw.names('bob', bob)).toEqual(['diary.txt']);
    });
  },
  { kinds: ['ssh'] },
);
