import { Code } from '@starlight/contract/codes';
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { FileError } from '../file-error';
import { describeEachDriver, sshTestConfig } from '../testing/driver-harness';
import { connectSftp } from './sftp-connect';
import type { SftpConnection } from './sftp-connect';
import { createSshFileDriver } from './ssh-driver';
import { sshFileDriverConfigSchema } from './ssh-options';
import type { SshFileDriverConfig } from './ssh-options';
import { SftpPool } from './ssh-pool';

/** The pool and the connection against the real sshd of scripts/services/sshd-up.sh. */

const config = (): SshFileDriverConfig => {
  const c = sshTestConfig();
  if (!c.ok) throw new Error(c.missing);
  return c.config;
};
const poolWith = (limits: { idleMs: number; maxPerAccount: number }): SftpPool => {
  const settings = sshFileDriverConfigSchema.parse(config());
  return new SftpPool((account) => connectSftp(settings, account), limits);
};
const failure = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => 'connected',
    (e: unknown) => (e instanceof FileError ? `${e.code} ${e.reason}` : String(e)),
  );
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A stand-in connection: enough for the pool's bookkeeping, no server needed. */
function fakeConnect(log: string[]): (account: string) => Promise<SftpConnection> {
  let n = 0;
  return async (account) => {
    if (account === 'broken') throw new FileError(Code.upstreamDown, 'down', 'unavailable');
    const client = new EventEmitter();
    const id = `${account}#${++n}`;
    log.push(`open ${id}`);
    const end = (): void => {
      log.push(`end ${id}`);
      client.emit('close');
    };
    return { client, sftp: new EventEmitter(), home: `/home/${account}`, end } as unknown as SftpConnection;
  };
}

describe('ssh pool bookkeeping (no server)', () => {
  it('drops a connection the server closed and opens a new one on the next lease; a failed connect leaves nothing', async () => {
    const log: string[] = [];
    const connect = fakeConnect(log);
    let last: SftpConnection | undefined;
    const pool = new SftpPool(async (a) => (last = await connect(a)), { idleMs: 60_000, maxPerAccount: 1 });
    (await pool.lease('alice')).release();
    last?.client.emit('close');
    expect(pool.usage('alice').open).toBe(0);
    (await pool.lease('alice')).release();
    expect(log).toEqual(['open alice#1', 'open alice#2']);
    // an SFTP channel that ended (its requests can no longer be answered) takes its connection with it
    last?.sftp.emit('end');
    expect(pool.usage('alice').open).toBe(0);
    (await pool.lease('alice')).release();
    expect(log).toEqual(['open alice#1', 'open alice#2', 'end alice#2', 'open alice#3']);
    const other = new SftpPool(connect, { idleMs: 60_000, maxPerAccount: 1 });
    expect(await failure(other.lease('broken'))).toBe(`${Code.upstreamDown} unavailable`);
    expect(other.usage('broken')).toEqual({ open: 0, inFlight: 0 });
    await Promise.all([pool.close(), other.close()]);
  });
});

describeEachDriver(
  'ssh connection pool',
  () => {
    it('reuses one connection for calls one after another', async () => {
      const pool = poolWith({ idleMs: 60_000, maxPerAccount: 4 });
      try {
        for (let i = 0; i < 5; i++) (await pool.lease('alice')).release();
        expect(pool.usage('alice')).toEqual({ open: 1, inFlight: 0 });
      } finally {
        await pool.close();
      }
    });

    it('opens at most maxPerAccount connections and shares them beyond that, per account', async () => {
      const pool = poolWith({ idleMs: 60_000, maxPerAccount: 3 });
      try {
        const leases = await Promise.all(Array.from({ length: 12 }, () => pool.lease('alice')));
        const bobs = await Promise.all([pool.lease('bob'), pool.lease('bob')]);
        expect(pool.usage('alice')).toEqual({ open: 3, inFlight: 12 });
        expect(pool.usage('bob')).toEqual({ open: 2, inFlight: 2 });
        expect(new Set(leases.map((l) => l.home))).toEqual(new Set([leases[0]?.home]));
        expect(bobs[0]?.home).not.toBe(leases[0]?.home);
        // each lease really works while shared
        await Promise.all(leases.map((l) => new Promise((res, rej) => l.sftp.realpath('.', (e, p) => (e ? rej(e) : res(p))))));
        for (const l of [...leases, ...bobs]) l.release();
        expect(pool.usage('alice').inFlight).toBe(0);
      } finally {
        await pool.close();
      }
    });

    it('closes a connection idle for idleMs, and opens a fresh one when needed again', async () => {
      const pool = poolWith({ idleMs: 150, maxPerAccount: 2 });
      try {
        const lease = await pool.lease('alice');
        await sleep(300);
        expect(pool.usage('alice').open).toBe(1); // busy connections are never closed
        lease.release();
        await sleep(400);
        expect(pool.usage('alice')).toEqual({ open: 0, inFlight: 0 });
        (await pool.lease('alice')).release();
        expect(pool.usage('alice').open).toBe(1);
      } finally {
        await pool.close();
      }
    });

    it('refuses leases once closed (1502)', async () => {
      const pool = poolWith({ idleMs: 1000, maxPerAccount: 1 });
      (await pool.lease('alice')).release();
      await pool.close();
      expect(await failure(pool.lease('alice'))).toBe(`${Code.upstreamDown} unavailable`);
    });

    it('ends the handshake on a host key other than the pinned one (1502 host-key-mismatch)', async () => {
      const settings = sshFileDriverConfigSchema.parse({ ...config(), hostKeySha256: `SHA256:${'A'.repeat(43)}` });
      expect(await failure(connectSftp(settings, 'alice'))).toBe(`${Code.upstreamDown} host-key-mismatch`);
    });

    it('answers 1502 when the cluster refuses the key for an account, or cannot be reached', async () => {
      const settings = sshFileDriverConfigSchema.parse(config());
      expect(await failure(connectSftp(settings, 'root'))).toBe(`${Code.upstreamDown} unavailable`);
      const closedPort = sshFileDriverConfigSchema.parse({ ...config(), port: 1, connectTimeoutMs: 2000 });
      expect(await failure(connectSftp(closedPort, 'alice'))).toBe(`${Code.upstreamDown} unavailable`);
    });

    it('checks paths before it connects: a bad path costs no connection', async () => {
      const driver = createSshFileDriver({ ...config(), host: '192.0.2.1', connectTimeoutMs: 60_000 });
      try {
        // 192.0.2.1 is TEST-NET: a connection attempt would hang until the timeout
        const started = Date.now();
        expect(await failure(driver.listDir({ account: 'alice' }, '../bob'))).toBe(`${Code.forbidden} outside-home`);
        expect(await failure(driver.readStream({ account: 'alice' }, 'a\nb'))).toBe(`${Code.invalidInput} control-char`);
        expect(await failure(driver.stat({ account: '../x' }, 'f'))).toBe(`${Code.invalidInput} invalid-account`);
        expect(Date.now() - started).toBeLessThan(1000);
      } finally {
        await driver.close();
      }
    });
  },
  { kinds: ['ssh'] },
);
