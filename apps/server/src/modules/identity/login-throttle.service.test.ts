import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@starlight/contract/codes';
import type { DatabaseHandle } from '../../db/client';
import { openTestDatabase } from '../../../test/database';
import { createLoginFailuresRepo } from './login-failures.repo';
import { createLoginThrottle } from './login-throttle.service';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const settings = { maxFailures: 2, windowS: 60, backoffBaseS: 5, captchaAfter: 3, captchaAfterIp: 10 };

function throttleAt(start: number) {
  let now = start;
  const throttle = createLoginThrottle({ repo: createLoginFailuresRepo(database.db), settings, now: () => new Date(now) });
  return { throttle, advance: (ms: number) => (now += ms) };
}

const retryAfter = (p: Promise<void>) => p.then(() => 0, (e: { code: number; spec: { retry_after_s: number } }) => (e.code === Code.rateLimited ? e.spec.retry_after_s : -1));

describe('login throttle', () => {
  it('backs off one account at one address, doubling with each failure, and never the account at another address', async () => {
    const { throttle, advance } = throttleAt(Date.parse('2026-01-01T00:00:00Z'));
    await throttle.recordFailure('user:1', '10.0.0.1');
    expect(await retryAfter(throttle.assertAllowed('user:1', '10.0.0.1'))).toBe(0);
    await throttle.recordFailure('user:1', '10.0.0.1');
    expect(await retryAfter(throttle.assertAllowed('user:1', '10.0.0.1'))).toBe(5);
    expect(await retryAfter(throttle.assertAllowed('user:1', '10.0.0.9'))).toBe(0); // the owner elsewhere
    advance(5_000);
    expect(await retryAfter(throttle.assertAllowed('user:1', '10.0.0.1'))).toBe(0);
    await throttle.recordFailure('user:1', '10.0.0.1');
    expect(await retryAfter(throttle.assertAllowed('user:1', '10.0.0.1'))).toBe(10);
    advance(10_000);
    await throttle.recordFailure('user:1', '10.0.0.1');
    expect(await retryAfter(throttle.assertAllowed('user:1', '10.0.0.1'))).toBe(20);
    advance(10_000);
    await throttle.recordFailure('user:1', '10.0.0.1');
    expect(await retryAfter(throttle.assertAllowed('user:1', '10.0.0.1'))).toBe(40);
    // capped at the window, then forgotten with it
    for (let i = 0; i < 6; i++) await throttle.recordFailure('user:1', '10.0.0.1');
    expect(await retryAfter(throttle.assertAllowed('user:1', '10.0.0.1'))).toBe(60);
    advance(61_000);
    expect(await retryAfter(throttle.assertAllowed('user:1', '10.0.0.1'))).toBe(0);
  });

  it('demands a captcha, not a lock, after failures of the account anywhere or of the address for anyone', async () => {
    const { throttle } = throttleAt(Date.parse('2026-03-01T00:00:00Z'));
    for (let i = 0; i < 3; i++) await throttle.recordFailure('user:3', `10.0.3.${i}`);
    expect(await throttle.captchaRequired('user:3', '10.0.3.99')).toBe(true);
    expect(await retryAfter(throttle.assertAllowed('user:3', '10.0.3.99'))).toBe(0);
    for (let i = 0; i < 10; i++) await throttle.recordFailure(`name:x${i}`, '10.0.4.1');
    expect(await throttle.captchaRequired('user:4', '10.0.4.1')).toBe(true);
    expect(await retryAfter(throttle.assertAllowed('user:4', '10.0.4.1'))).toBe(0);
    expect(await throttle.captchaRequired('user:4', '10.0.4.2')).toBe(false);
  });

  it("clears an account's failures after it logs in", async () => {
    const { throttle } = throttleAt(Date.parse('2026-02-01T00:00:00Z'));
    await throttle.recordFailure('user:2', '10.0.1.1');
    await throttle.recordSuccess('user:2', '10.0.1.1');
    await throttle.recordFailure('user:2', '10.0.1.1');
    await expect(throttle.assertAllowed('user:2', '10.0.1.1')).resolves.toBeUndefined();
  });
});
