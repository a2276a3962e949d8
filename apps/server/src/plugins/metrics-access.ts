import { timingSafeEqual, createHash } from 'node:crypto';
import { BlockList, isIP } from 'node:net';

export interface MetricsAccess {
  /** Bearer token that opens /metrics from anywhere; null: none. */
  token: string | null;
  /** Addresses and CIDR ranges let in without the token (config METRICS_ALLOW, loopback by default). */
  allow: readonly string[];
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();
const familyOf = (address: string): 'ipv4' | 'ipv6' => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/**
 * Who may read /metrics (route timings, process internals): an allowed address (the scraper on this
 * host or a listed network) or anyone presenting the token. `request.ip` already honours TRUST_PROXY.
 */
export function metricsGate({ token, allow }: MetricsAccess): (ip: string, authorization: string | undefined) => boolean {
  const list = new BlockList();
  for (const entry of allow) {
    const [address = '', bits] = entry.split('/');
    if (bits === undefined) list.addAddress(address, familyOf(address));
    else list.addSubnet(address, Number(bits), familyOf(address));
  }
  const expected = token ? digest(token) : null;
  return (ip, authorization) => {
    const presented = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1];
    if (expected && presented && timingSafeEqual(digest(presented), expected)) return true;
    // an IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d
    const plain = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
    return isIP(plain) !== 0 && list.check(plain, familyOf(plain));
  };
}
