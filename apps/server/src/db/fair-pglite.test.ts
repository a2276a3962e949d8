import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { turnBudgetMs } from '../lib/turns';
import { FairPGlite } from './fair-pglite';

/**
 * The longest event-loop turn while `requests` callers each run `statements` statements at once, measured by
 * a ticker that reschedules itself every turn. A connection waiting to be accepted waits about one turn per
 * connection ahead of it (libuv accepts one per turn), so this gap is what the tail of a loaded server is made of.
 */
async function longestTurn(db: PGlite, requests: number, statements: number): Promise<{ gapMs: number; totalMs: number }> {
  let last = performance.now();
  let gapMs = 0;
  let running = true;
  const tick = () => {
    const now = performance.now();
    gapMs = Math.max(gapMs, now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const start = performance.now();
  await Promise.all(
    Array.from({ length: requests }, async (_, i) => {
      for (let s = 0; s < statements; s++) await db.query('select count(*) from generate_series(1, $1::int)', [200 + i]);
    }),
  );
  const totalMs = performance.now() - start;
  await new Promise((resolve) => setImmediate(resolve)); // the turn that ends the backlog counts too
  running = false;
  return { gapMs, totalMs };
}

describe('FairPGlite', () => {
  let fair: FairPGlite;
  let plain: PGlite;
  beforeAll(async () => {
    fair = new FairPGlite();
    plain = new PGlite();
    await Promise.all([fair.waitReady, plain.waitReady]);
  });
  afterAll(async () => {
    await Promise.all([fair.close(), plain.close()]);
  });

  it('keeps every event-loop turn short while a backlog of statements runs, where plain PGlite runs the backlog in one turn', async () => {
    const before = await longestTurn(plain, 300, 3);
    const after = await longestTurn(fair, 300, 3);
    // the backlog takes many turns' worth of time, yet no turn is much longer than the budget plus one statement
    expect(after.totalMs).toBeGreaterThan(10 * turnBudgetMs);
    expect(after.gapMs).toBeLessThan(Math.max(60, after.totalMs / 10));
    // what the fix changed: plain PGlite ran (almost) the whole backlog within one turn
    expect(before.gapMs).toBeGreaterThan(before.totalMs / 3);
  });

  it('answers in arrival order and keeps transactions whole', async () => {
    const order: number[] = [];
    await Promise.all(Array.from({ length: 50 }, (_, i) => fair.query('select $1::int as i', [i]).then((r) => order.push((r.rows[0] as { i: number }).i))));
    expect(order).toEqual(Array.from({ length: 50 }, (_, i) => i));
    await fair.exec('create table t (n int)');
    await Promise.all(Array.from({ length: 20 }, (_, i) => fair.transaction(async (tx) => {
      await tx.query('insert into t values ($1)', [i]);
      await tx.query('insert into t values ($1)', [-i]);
    })));
    const sum = await fair.query<{ s: string; c: string }>('select sum(n)::text as s, count(*)::text as c from t');
    expect(sum.rows[0]).toEqual({ s: '0', c: '40' });
  });
});
