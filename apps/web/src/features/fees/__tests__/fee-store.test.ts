import { beforeEach, describe, expect, it } from 'vitest';
import type { FeeStatus, GroupCpuHours } from '@starlight/contract/fees';
import { applyFeeStatus, loadGroupRecord, groupReloadMs, storedFeeOver, storedUserRecord } from '../fee-store';

const status = (over: boolean) => ({ user_name: 'ann', over_limit: over }) as FeeStatus;
const group = (core: number) => ({ group_id: 7, core_seconds: core }) as GroupCpuHours;

beforeEach(() => window.localStorage.clear());

describe('the fee-over flag (spec §4)', () => {
  it('starts false with nothing stored, follows spec.over_limit and stores the record', async () => {
    expect(storedFeeOver()).toBe(false);
    await applyFeeStatus(async () => ({ code: 200, spec: status(true) }));
    expect(storedFeeOver()).toBe(true);
    expect(storedUserRecord()).toMatchObject({ code: 200, spec: { over_limit: true } });
    await applyFeeStatus(async () => ({ code: 200, spec: status(false) }));
    expect(storedFeeOver()).toBe(false);
  });

  it('is false after a failure, which is passed on; no spec changes nothing', async () => {
    await applyFeeStatus(async () => ({ code: 200, spec: status(true) }));
    await applyFeeStatus(async () => ({ code: 200, spec: null }));
    expect(storedFeeOver()).toBe(true);
    await expect(applyFeeStatus(() => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(storedFeeOver()).toBe(false);
  });
});

describe('group CPU-hours (spec §4: reload when failed or older than an hour; concurrent loads shared)', () => {
  it('shares one load between concurrent callers and serves the fresh record without a call', async () => {
    let calls = 0;
    const load = async () => {
      calls++;
      return { code: 200, spec: group(calls) };
    };
    const [a, b] = await Promise.all([loadGroupRecord(7, load), loadGroupRecord(7, load)]);
    expect([a.core_seconds, b.core_seconds, calls]).toEqual([1, 1, 1]);
    expect((await loadGroupRecord(7, load)).core_seconds).toBe(1);
    expect(calls).toBe(1);
    expect((await loadGroupRecord(7, load, Date.now() + groupReloadMs + 1)).core_seconds).toBe(2);
  });

  it('reloads after a failed load', async () => {
    await expect(loadGroupRecord(7, () => Promise.reject(Object.assign(new Error('x'), { code: 1502 })))).rejects.toThrow();
    expect((await loadGroupRecord(7, async () => ({ code: 200, spec: group(5) }))).core_seconds).toBe(5);
  });
});
