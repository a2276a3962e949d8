import { BlockList, isIP } from 'node:net';

/** `::ffff:10.0.0.1` (an IPv4 client on a dual-stack socket) is 10.0.0.1. */
export function plainIp(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

/**
 * An address or network as a normalised CIDR (`10.1.2.3` → `10.1.2.3/32`, `10.1.2.3/8` → `10.0.0.0/8`),
 * or null when it is neither.
 */
export function normaliseNetwork(text: string): string | null {
  const [address = '', prefixText, ...rest] = text.trim().split('/');
  if (rest.length > 0) return null;
  const family = isIP(address);
  if (family === 0) return null;
  const bits = family === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return null;
  return family === 4 ? `${maskV4(address, prefix)}/${prefix}` : `${maskV6(address, prefix)}/${prefix}`;
}

function maskV4(address: string, prefix: number): string {
  const value = address.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
  const masked = prefix === 0 ? 0 : Number((BigInt(value) >> BigInt(32 - prefix)) << BigInt(32 - prefix));
  return [24, 16, 8, 0].map((shift) => (masked >>> shift) & 255).join('.');
}

function maskV6(address: string, prefix: number): string {
  const [head = '', tail = ''] = address.includes('::') ? address.split('::') : [address, ''];
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const expandV4 = (parts: string[]) =>
    parts.flatMap((part) => {
      if (!part.includes('.')) return [part];
      const [a = 0, b = 0, c = 0, d = 0] = part.split('.').map(Number);
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  const h = expandV4(headParts);
  const t = expandV4(tailParts);
  const groups = [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  let value = groups.reduce((acc, group) => (acc << 16n) | BigInt(parseInt(group || '0', 16)), 0n);
  value = prefix === 0 ? 0n : (value >> BigInt(128 - prefix)) << BigInt(128 - prefix);
  const out: string[] = [];
  for (let i = 7; i >= 0; i--) out.push(((value >> BigInt(i * 16)) & 0xffffn).toString(16));
  return out.join(':').replace(/(^|:)0(:0)+(:|$)/, '::').replace(/:{3,}/, '::');
}

/** Whether `ip` lies in any of the (normalised) networks. */
export function inNetworks(ip: string, networks: readonly string[]): boolean {
  const address = plainIp(ip);
  const family = isIP(address);
  if (family === 0) return false;
  const list = new BlockList();
  for (const network of networks) {
    const [base = '', prefix = ''] = network.split('/');
    const baseFamily = isIP(base);
    if (baseFamily === 0) continue;
    list.addSubnet(base, Number(prefix), baseFamily === 4 ? 'ipv4' : 'ipv6');
  }
  return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
