import { describe, expect, it } from 'vitest';
import { assertJobId, assertSchedulerName, parseListFilter, parseSubmitInput, submittingAccount } from './validate';

describe('scheduler input validation', () => {
  it('refuses node, partition and account names with shell metacharacters or path tricks (1400)', () => {
    for (const name of ['node01;reboot', 'n$(id)', 'a b', '`x`', '..', '.hidden', '-o', 'a/b', 'x'.repeat(65), ''])
      expect(() => assertSchedulerName('node', name)).toThrow(expect.objectContaining({ code: 1400 }));
    expect(assertSchedulerName('node', 'node-01.cluster_a')).toBe('node-01.cluster_a');
  });

  it('accepts only numeric job ids', () => {
    for (const id of ['12a', '1;id', '-1', '1_2', '', '12345678901'])
      expect(() => assertJobId(id)).toThrow(expect.objectContaining({ code: 1400 }));
    expect(assertJobId('4242')).toBe('4242');
  });

  it('never submits as the admin identity', () => {
    expect(() => submittingAccount({ kind: 'admin' })).toThrow(expect.objectContaining({ code: 1400 }));
    expect(submittingAccount({ kind: 'user', account: 'alice' })).toBe('alice');
  });

  it('names the offending field of a bad job', () => {
    expect(() => parseSubmitInput({ name: 'x', script: 'true', cpus: 0 })).toThrow(
      expect.objectContaining({ code: 1400, info: expect.stringContaining('cpus') }),
    );
    expect(parseSubmitInput({ name: 'x', script: 'true' })).toMatchObject({ cpus: 1 });
    expect(() => parseListFilter({ since: new Date('nope') })).toThrow(expect.objectContaining({ code: 1400 }));
  });
});
