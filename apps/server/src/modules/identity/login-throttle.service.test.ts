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

const settings = { maxFailures: 2, maxIpFailures: 10, windowS: 60 };

function throttleAt(start: number) {
  let now = start;
  const throttle = createLoginThrottle({ repo: createLoginFailuresRepo(database.db), settings, now: () => new Date(now) });
  return { throttle, advance: (ms: number) => (now += ms) };
}

describe('login throttle', () => {
  it('forgets failures older than the window', async () => {
    const { throttle, advance } = throttleAt(Date.parse('2026-01-01T00:00:00Z'));
    await throttle.recordFailure('user:1', '10.0.0.1');
    await throttle.recordFailure('user:1', '10.0.0.2');
    await expect(throttle.assertAllowed('user:1', '10.0.0.3')).rejects.toMatchObject({ code: Code.rateLimited });
    advance(61_000);
    await expect(throttle.assertAllowed('user:1', '10.0.0.3')).resolves.toBeUndefined();
  });

  it("clears an account's failures after it logs in", async () => {
    const { throttle } = throttleAt(Date.parse('2026-02-01T00:00:00Z'));
    await throttle.recordFailure('user:2', '10.0.1.1');
    await throttle.recordSuccess('user:2');
    await throttle.recordFailure('user:2', '10.0.1.1');
    await expect(throttle.assertAllowed('user:2', '10.0.1.1')).resolves.toBeUndefined();
  });
});
