import { Code } from '@starlight/contract/codes';
import type { SFTPWrapper } from 'ssh2';
import { FileError } from '../file-error';
import type { SftpConnection } from './sftp-connect';

/** A connection lent to one call (or one stream) until `release`. */
export interface Lease {
  sftp: SFTPWrapper;
  home: string;
  release(): void;
}

export interface PoolLimits {
  idleMs: number;
  maxPerAccount: number;
}

interface Pooled {
  conn: SftpConnection;
  inFlight: number;
  timer: NodeJS.Timeout | undefined;
  dead: boolean;
}

interface AccountPool {
  conns: Pooled[];
  connecting: Promise<void>[];
}

/**
 * SSH connections per account: a handshake costs tens of milliseconds and a login on the cluster, so
 * calls reuse them. A free connection is preferred; while every one is busy a new one is opened, up
 * to `maxPerAccount`; past that, calls share the least busy one (SFTP multiplexes requests). A
 * connection that has been free for `idleMs` is closed, so an account that went away holds nothing
 * on the login node. Connections are never shared between accounts.
 */
export class SftpPool {
  private readonly accounts = new Map<string, AccountPool>();
  private closed = false;

  constructor(
    private readonly connect: (account: string) => Promise<SftpConnection>,
    private readonly limits: PoolLimits,
  ) {}

  async lease(account: string): Promise<Lease> {
    for (;;) {
      if (this.closed) throw new FileError(Code.upstreamDown, 'the file driver is closed', 'unavailable');
      const pool = this.poolOf(account);
      const live = pool.conns.filter((c) => !c.dead);
      const free = live.find((c) => c.inFlight === 0);
      if (free) return this.take(account, free);
      if (live.length + pool.connecting.length < this.limits.maxPerAccount) return this.take(account, await this.open(account, pool));
      if (live.length > 0) return this.take(account, live.reduce((a, b) => (b.inFlight < a.inFlight ? b : a)));
      await Promise.race(pool.connecting); // all slots are handshakes in progress: wait for one, look again
    }
  }

  /** Connections open and calls in flight for an account (for tests and metrics). */
  usage(account: string): { open: number; inFlight: number } {
    const live = this.accounts.get(account)?.conns.filter((c) => !c.dead) ?? [];
    return { open: live.length, inFlight: live.reduce((n, c) => n + c.inFlight, 0) };
  }

  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.accounts.values()].flatMap((p) => p.conns);
    this.accounts.clear();
    await Promise.all(all.map((c) => this.end(c)));
  }

  private poolOf(account: string): AccountPool {
    let pool = this.accounts.get(account);
    if (!pool) this.accounts.set(account, (pool = { conns: [], connecting: [] }));
    return pool;
  }

  private async open(account: string, pool: AccountPool): Promise<Pooled> {
    const opening = this.connect(account);
    const marker = opening.then(
      () => undefined,
      () => undefined,
    );
    pool.connecting.push(marker);
    try {
      const conn = await opening;
      const pooled: Pooled = { conn, inFlight: 0, timer: undefined, dead: false };
      conn.client.once('close', () => this.drop(account, pooled));
      // a channel that ended cannot answer again: the connection is dropped, never lent out once more
      conn.sftp.once('end', () => {
        this.drop(account, pooled);
        conn.end();
      });
      if (this.closed) {
        conn.end();
        throw new FileError(Code.upstreamDown, 'the file driver is closed', 'unavailable');
      }
      pool.conns.push(pooled);
      return pooled;
    } finally {
      pool.connecting.splice(pool.connecting.indexOf(marker), 1);
    }
  }

  private take(account: string, pooled: Pooled): Lease {
    clearTimeout(pooled.timer);
    pooled.timer = undefined;
    pooled.inFlight++;
    let released = false;
    return {
      sftp: pooled.conn.sftp,
      home: pooled.conn.home,
      release: () => {
        if (released) return;
        released = true;
        pooled.inFlight--;
        if (pooled.inFlight === 0 && !pooled.dead) this.armIdle(account, pooled);
      },
    };
  }

  private armIdle(account: string, pooled: Pooled): void {
    pooled.timer = setTimeout(() => {
      if (pooled.inFlight > 0) return;
      this.drop(account, pooled);
      pooled.conn.end();
    }, this.limits.idleMs);
    pooled.timer.unref(); // an idle connection must not keep the process alive
  }

  private drop(account: string, pooled: Pooled): void {
    pooled.dead = true;
    clearTimeout(pooled.timer);
    const pool = this.accounts.get(account);
    if (!pool) return;
    pool.conns = pool.conns.filter((c) => c !== pooled);
    if (pool.conns.length === 0 && pool.connecting.length === 0) this.accounts.delete(account);
  }

  private end(pooled: Pooled): Promise<void> {
    pooled.dead = true;
    clearTimeout(pooled.timer);
    return new Promise((resolve) => {
      const done = setTimeout(resolve, 2000);
      done.unref();
      pooled.conn.client.once('close', () => {
        clearTimeout(done);
        resolve();
      });
      pooled.conn.end();
    });
  }
}
