import { describe, expect, it } from 'vitest';
import { sourceAllowed } from './network-policy.service';

describe('network policy source matching', () => {
  const lab = ['10.0.0.0/8', '192.168.4.0/24', '2001:db8::/32'];
  it.each([
    ['10.20.30.40', true],
    ['192.168.4.200', true],
    ['192.168.5.1', false],
    ['127.0.0.1', false],
    ['::ffff:10.1.2.3', true],
    ['::ffff:127.0.0.1', false],
    ['2001:db8:1::7', true],
    ['2001:db9::1', false],
    ['', false],
    ['not-an-ip', false],
  ])('%s → %s', (ip, allowed) => {
    expect(sourceAllowed(lab, ip)).toBe(allowed);
  });
  it('admits nothing with an empty list', () => {
    expect(sourceAllowed([], '10.0.0.1')).toBe(false);
  });
  it('admits one host with /32', () => {
    expect(sourceAllowed(['127.0.0.1/32'], '127.0.0.1')).toBe(true);
    expect(sourceAllowed(['127.0.0.1/32'], '127.0.0.2')).toBe(false);
  });
});
