import { describe, expect, it } from 'vitest';
import { addressesOf, canonicalAddress, isInternalAddress, reachable } from './net-guard';

/** [address as a user may write it, internal?] */
const table: [string, boolean][] = [
  // loopback in every spelling
  ['127.0.0.1', true],
  ['127.1.2.3', true],
  ['2130706433', true],
  ['0x7f.1', true],
  ['0x7f000001', true],
  ['017700000001', true],
  ['0177.0.0.1', true],
  ['127.1', true],
  ['127.0.0.1.', true],
  ['::1', true],
  ['[::1]', true],
  ['0:0:0:0:0:0:0:1', true],
  ['0000:0000:0000:0000:0000:0000:0000:0001', true],
  ['::ffff:127.0.0.1', true],
  ['::ffff:7f00:1', true],
  ['[::ffff:7f00:1]', true],
  ['::127.0.0.1', true],
  ['::7f00:1', true],
  ['::ffff:0:7f00:1', true],
  ['64:ff9b::7f00:1', true],
  ['2002:7f00:1::', true],
  // unspecified
  ['0.0.0.0', true],
  ['0', true],
  ['::', true],
  ['0:0:0:0:0:0:0:0', true],
  // link-local and cloud metadata
  ['169.254.169.254', true],
  ['::ffff:a9fe:a9fe', true],
  ['::ffff:169.254.169.254', true],
  ['2852039166', true],
  ['0xa9.0xfe.0xa9.0xfe', true],
  ['fe80::1', true],
  ['fe80::1%eth0', true],
  ['FEBF::1', true],
  // private networks and CGNAT
  ['10.0.0.1', true],
  ['10.255.255.255', true],
  ['012.1', true],
  ['172.16.0.1', true],
  ['172.31.255.254', true],
  ['192.168.1.1', true],
  ['::ffff:c0a8:101', true],
  ['100.64.0.1', true],
  ['100.127.255.255', true],
  ['fc00::1', true],
  ['fd12:3456:789a::1', true],
  ['64:ff9b:1::a00:1', true],
  // multicast, broadcast, reserved
  ['224.0.0.1', true],
  ['239.255.255.250', true],
  ['255.255.255.255', true],
  ['240.0.0.1', true],
  ['ff02::1', true],
  ['::ffff:e000:1', true],
  // public
  ['8.8.8.8', false],
  ['1.1.1.1', false],
  ['172.15.255.255', false],
  ['172.32.0.1', false],
  ['100.63.255.255', false],
  ['100.128.0.1', false],
  ['169.253.0.1', false],
  ['192.169.0.1', false],
  ['134744072', false],
  ['::ffff:8.8.8.8', false],
  ['::ffff:808:808', false],
  ['2001:4860:4860::8888', false],
  ['2606:4700:4700::1111', false],
  ['64:ff9b::808:808', false],
  // not an address at all: refused rather than guessed
  ['not-an-address', true],
  ['1.2.3.4.5', true],
  ['256.1.1.1', true],
  [':::1', true],
  ['1::2::3', true],
];

describe('isInternalAddress', () => {
  it.each(table)('%s → internal %s', (address, internal) => {
    expect(isInternalAddress(address)).toBe(internal);
  });
  it('has a table of at least 30 addresses', () => expect(table.length).toBeGreaterThanOrEqual(30));
});

describe('canonicalAddress', () => {
  it.each([
    ['2130706433', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['017700000001', '127.0.0.1'],
    ['0:0:0:0:0:0:0:1', '::1'],
    ['[::1]', '::1'],
    ['::FFFF:7F00:1', '::ffff:7f00:1'],
    ['::ffff:127.0.0.1', '::ffff:7f00:1'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['example.org', null],
  ])('%s → %s', (text, canonical) => expect(canonicalAddress(text)).toBe(canonical));
});

describe('reachable', () => {
  const resolver = (answers: Record<string, string[]>) => async (host: string) => {
    const found = answers[host];
    if (!found) throw new Error('ENOTFOUND');
    return found;
  };
  const dns = resolver({ 'public.test': ['93.184.216.34'], 'mixed.test': ['93.184.216.34', '10.1.2.3'], 'sneaky.test': ['::ffff:7f00:1'], 'v6only.test': ['fd00::5'] });

  it('refuses a name when any address it resolves to is internal, whatever its spelling', async () => {
    expect(await reachable('public.test', 22, new Set(), dns)).toEqual({ ok: true, addresses: ['93.184.216.34'] });
    expect(await reachable('mixed.test', 22, new Set(), dns)).toMatchObject({ ok: false, reason: expect.stringContaining('10.1.2.3') });
    expect(await reachable('sneaky.test', 22, new Set(), dns)).toMatchObject({ ok: false });
    expect(await reachable('v6only.test', 22, new Set(), dns)).toMatchObject({ ok: false });
    expect(await reachable('nowhere.test', 22, new Set(), dns)).toMatchObject({ ok: false, reason: expect.stringContaining('does not resolve') });
  });

  it('refuses literals in any spelling without asking DNS, and answers the canonical address to connect to', async () => {
    const never = async () => {
      throw new Error('a literal must not be looked up');
    };
    for (const host of ['2130706433', '0x7f.1', '[::1]', '::ffff:a9fe:a9fe', '0:0:0:0:0:0:0:1']) expect(await reachable(host, 22, new Set(), never)).toMatchObject({ ok: false });
    expect(await addressesOf('134744072', never)).toEqual(['8.8.8.8']);
  });

  it('lets an administrator allow a host, a host:port, or the address a name resolves to', async () => {
    expect(await reachable('127.0.0.1', 2222, new Set(['127.0.0.1:2222']), dns)).toEqual({ ok: true, addresses: ['127.0.0.1'] });
    expect(await reachable('127.0.0.1', 22, new Set(['127.0.0.1:2222']), dns)).toMatchObject({ ok: false });
    expect(await reachable('mixed.test', 22, new Set(['10.1.2.3']), dns)).toMatchObject({ ok: true });
    expect(await reachable('sneaky.test', 22, new Set(['sneaky.test']), dns)).toEqual({ ok: true, addresses: ['::ffff:7f00:1'] });
  });

  it('resolves localhost through the system resolver and refuses it', async () => {
    expect(await reachable('localhost', 22, new Set())).toMatchObject({ ok: false });
  });
});
