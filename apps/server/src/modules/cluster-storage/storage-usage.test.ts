import { describe, expect, it } from 'vitest';
import { createUsageCache } from './storage-usage';

const deferred = () => {
  let resolve!: (v: { bytes: number; truncated: boolean }) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<{ bytes: number; truncated: boolean }>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

describe('storage usage cache (§4: concurrent loads shared, failures not kept)', () => {
  it('shares one walk between concurrent asks and serves it until the TTL passes', async () => {
    let clock = 0;
    let walks = 0;
    const cache = createUsageCache({ ttlMs: 1000, now: () => clock });
    const load = async () => ({ bytes: ++walks * 10, truncated: false });
    const [a, b] = await Promise.all([cache.get(1, 'acct', load), cache.get(1, 'acct', load)]);
    expect([a.bytes, b.bytes, walks]).toEqual([10, 10, 1]);
    clock = 999;
    expect((await cache.get(1, 'acct', load)).bytes).toBe(10);
    clock = 1000;
    expect((await cache.get(1, 'acct', load)).bytes).toBe(20);
    expect((await cache.get(2, 'acct', load)).bytes).toBe(30); // another storage, another key
  });

  it('keeps no failed load, and the next ask measures again', async () => {
    const cache = createUsageCache({ ttlMs: 60_000 });
    await expect(cache.get(1, 'acct', () => Promise.reject(new Error('unreachable')))).rejects.toThrow('unreachable');
    expect(cache.peek(1, 'acct')).toBeUndefined();
    expect((await cache.get(1, 'acct', async () => ({ bytes: 5, truncated: false }))).bytes).toBe(5);
  });

  it('does not keep a walk that started before a write (invalidate)', async () => {
    const cache = createUsageCache({ ttlMs: 60_000 });
    const slow = deferred();
    const before = cache.get(1, 'acct', () => slow.promise);
    cache.invalidate(1, 'acct');
    slow.resolve({ bytes: 1, truncated: false });
    expect((await before).bytes).toBe(1);
    expect(cache.peek(1, 'acct')).toBeUndefined();
    expect((await cache.get(1, 'acct', async () => ({ bytes: 2, truncated: false }))).bytes).toBe(2);
  });
});
