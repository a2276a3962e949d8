import { randomBytes } from 'node:crypto';
import { promises as fsp, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { FileDriver, FileIdentity } from '../interface';
import { createLocalFileDriver } from '../local/local-driver';
import { connectSftp } from '../ssh/sftp-connect';
import type { SftpConnection } from '../ssh/sftp-connect';
import { createSftpFs } from '../ssh/sftp-fs';
import { createSshFileDriver } from '../ssh/ssh-driver';
import { sshFileDriverConfigSchema } from '../ssh/ssh-options';
import type { SshFileDriverConfig } from '../ssh/ssh-options';
import type { RawFs } from '../core/raw-fs';

/**
 * One set of tests, two real drivers: `local` on a temporary data directory, `ssh` against the sshd
 * of scripts/services/sshd-up.sh as alice and bob (STARLIGHT_TEST_SSH_*). Without those variables
 * the ssh half is skipped with its reason printed, except in CI (CI=true), where it fails.
 * `raw` reaches the same files without the driver (plain fs, or SFTP as the account), to plant
 * links and to look for anything written where it must not be.
 */

export type DriverKind = 'local' | 'ssh';

export interface RawAccess {
  write(account: string, absPath: string, data: string): Promise<void>;
  read(account: string, absPath: string): Promise<string>;
  symlink(account: string, absPath: string, target: string): Promise<void>;
  mkdir(account: string, absPath: string): Promise<void>;
  names(account: string, absDir: string): Promise<string[]>;
  exists(account: string, absPath: string): Promise<boolean>;
  removeTree(account: string, absPath: string): Promise<void>;
  chmod(account: string, absPath: string, mode: number): Promise<void>;
}

export interface DriverHarness {
  kind: DriverKind;
  driver: FileDriver;
  alice: FileIdentity;
  bob: FileIdentity;
  aliceHome: string;
  bobHome: string;
  /** A fresh directory in alice's home for this suite, home-relative (`sl-test-…`). */
  run: string;
  /** An absolute directory outside every home that alice could write to: where hostile links point. */
  outside: string;
  raw: RawAccess;
  dispose(): Promise<void>;
}

export const runPrefix = 'sl-test-';
const unique = (): string => randomBytes(5).toString('hex');

export type SshTestConfig = { ok: true; config: SshFileDriverConfig } | { ok: false; missing: string };

export function sshTestConfig(): SshTestConfig {
  const env = process.env;
  const names = ['STARLIGHT_TEST_SSH_HOST', 'STARLIGHT_TEST_SSH_PORT', 'STARLIGHT_TEST_SSH_KEY', 'STARLIGHT_TEST_SSH_HOSTKEY_SHA256'];
  const missing = names.filter((n) => !env[n]);
  if (missing.length > 0)
    return { ok: false, missing: `${missing.join(', ')} unset: run eval "$(sudo bash scripts/services/sshd-up.sh)" first` };
  return {
    ok: true,
    config: {
      host: env.STARLIGHT_TEST_SSH_HOST as string,
      port: Number(env.STARLIGHT_TEST_SSH_PORT),
      hostKeySha256: env.STARLIGHT_TEST_SSH_HOSTKEY_SHA256 as string,
      privateKey: readFileSync(env.STARLIGHT_TEST_SSH_KEY as string, 'utf8'),
      idleMs: 5_000,
    },
  };
}

const localRaw: RawAccess = {
  write: (_a, p, data) => fsp.writeFile(p, data),
  read: (_a, p) => fsp.readFile(p, 'utf8'),
  symlink: (_a, p, target) => fsp.symlink(target, p),
  mkdir: (_a, p) => fsp.mkdir(p, { recursive: true }).then(() => undefined),
  names: (_a, dir) => fsp.readdir(dir),
  exists: (_a, p) => fsp.lstat(p).then(() => true, () => false),
  removeTree: (_a, p) => fsp.rm(p, { recursive: true, force: true }),
  chmod: (_a, p, mode) => fsp.chmod(p, mode),
};

async function localHarness(parent = tmpdir()): Promise<DriverHarness> {
  const root = await fsp.mkdtemp(path.join(parent, 'sl-files-'));
  const driver = createLocalFileDriver({ dataDir: path.join(root, 'data') });
  const outside = path.join(root, 'outside');
  await fsp.mkdir(outside);
  return finish('local', driver, localRaw, outside, async () => {
    await fsp.rm(root, { recursive: true, force: true });
  });
}

function sshRaw(config: SshFileDriverConfig): { raw: RawAccess; close(): void } {
  const settings = sshFileDriverConfigSchema.parse(config);
  const conns = new Map<string, Promise<SftpConnection>>();
  const connOf = (account: string): Promise<SftpConnection> => {
    if (!conns.has(account)) conns.set(account, connectSftp(settings, account));
    return conns.get(account) as Promise<SftpConnection>;
  };
  const fsOf = async (account: string): Promise<RawFs> => createSftpFs((await connOf(account)).sftp);
  const removeTree = async (fs: RawFs, p: string): Promise<void> => {
    const stat = await fs.lstat(p).catch(() => undefined);
    if (!stat) return;
    if (stat.type === 'dir') for (const e of await fs.readdir(p)) await removeTree(fs, `${p}/${e.name}`);
    await (stat.type === 'dir' ? fs.rmdir(p) : fs.unlink(p));
  };
  const raw: RawAccess = {
    async write(a, p, data) {
      const fs = await fsOf(a);
      await fs.unlink(p).catch(() => undefined);
      const w = await fs.createExclusive(p);
      await w.write(Buffer.from(data));
      await w.close();
    },
    async read(a, p) {
      const file = await (await fsOf(a)).openFile(p);
      const chunks: Buffer[] = [];
      if (file.size === 0) {
        await file.close();
        return '';
      }
      for await (const c of file.stream(0, file.size - 1)) chunks.push(c as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    symlink: async (a, p, target) => (await fsOf(a)).symlink(target, p),
    async mkdir(a, p) {
      const fs = await fsOf(a);
      if (!(await fs.lstat(p).then(() => true, () => false))) await fs.mkdir(p);
    },
    names: async (a, dir) => (await (await fsOf(a)).readdir(dir)).map((e) => e.name),
    exists: async (a, p) => (await fsOf(a)).lstat(p).then(() => true, () => false),
    removeTree: async (a, p) => removeTree(await fsOf(a), p),
    async chmod(a, p, mode) {
      const { sftp } = await connOf(a);
      await new Promise<void>((resolve, reject) => sftp.chmod(p, mode, (err) => (err ? reject(err) : resolve())));
    },
  };
  return { raw, close: () => void Promise.all([...conns.values()].map((c) => c.then((x) => x.end(), () => undefined))) };
}

async function sshHarness(config: SshFileDriverConfig): Promise<DriverHarness> {
  const driver = createSshFileDriver(config);
  const { raw, close } = sshRaw(config);
  const outside = `/tmp/sl-outside-${unique()}`; // /tmp: outside every home, yet writable by alice
  await raw.mkdir('alice', outside);
  return finish('ssh', driver, raw, outside, async () => {
    await raw.removeTree('alice', outside);
    close();
  });
}

async function finish(
  kind: DriverKind,
  driver: FileDriver,
  raw: RawAccess,
  outside: string,
  cleanUp: () => Promise<void>,
): Promise<DriverHarness> {
  const alice = { account: 'alice' };
  const bob = { account: 'bob' };
  const [aliceHome, bobHome] = await Promise.all([driver.homePath(alice), driver.homePath(bob)]);
  const run = `${runPrefix}${unique()}`;
  await raw.mkdir('alice', `${aliceHome}/${run}`);
  return {
    kind,
    driver,
    alice,
    bob,
    aliceHome,
    bobHome,
    run,
    outside,
    raw,
    async dispose() {
      // trash entries of this run: `.trash/<id>/<run>/…`
      const trash = `${aliceHome}/.trash`;
      for (const id of await raw.names('alice', trash).catch(() => [] as string[]))
        if (await raw.exists('alice', `${trash}/${id}/${run}`)) await raw.removeTree('alice', `${trash}/${id}`);
      await raw.removeTree('alice', `${aliceHome}/${run}`);
      await raw.removeTree('bob', `${bobHome}/${run}`);
      await driver.close();
      await cleanUp();
    },
  };
}

function availability(kind: DriverKind): { reason?: string; config?: SshFileDriverConfig } {
  if (kind === 'local') return {};
  const ssh = sshTestConfig();
  return ssh.ok ? { config: ssh.config } : { reason: ssh.missing };
}

export interface DescribeOptions {
  kinds?: readonly DriverKind[];
  /** Where the local driver's temporary data directory goes (default: the OS temp directory). */
  localParent?: string;
}

/**
 * `describe` once per driver with a harness built in beforeAll. The ssh half without its service:
 * skipped locally with the reason printed, a failing test in CI.
 */
export function describeEachDriver(
  title: string,
  body: (harness: () => DriverHarness, kind: DriverKind) => void,
  { kinds = ['local', 'ssh'], localParent }: DescribeOptions = {},
): void {
  describe.each(kinds.map((kind) => ({ kind })))(`${title} ($kind driver)`, ({ kind }) => {
    const { reason, config } = availability(kind);
    if (reason) {
      if (process.env.CI === 'true')
        it('has its real service (required in CI)', () => {
          throw new Error(`${kind} driver service missing: ${reason}`);
        });
      else {
        console.warn(`[skip] ${title} (${kind} driver): ${reason}`);
        it.skip(`needs the ${kind} service: ${reason}`, () => undefined);
      }
      return;
    }
    let harness: DriverHarness | undefined;
    beforeAll(async () => {
      harness = kind === 'local' ? await localHarness(localParent) : await sshHarness(config as SshFileDriverConfig);
    });
    afterAll(async () => {
      await harness?.dispose();
    });
    body(() => {
      if (!harness) throw new Error('harness not ready');
      return harness;
    }, kind);
  });
}
