import { lookup } from 'node:dns/promises';
import net from 'node:net';

/**
 * Addresses a user-supplied connection must not reach unless an administrator allows them: loopback
 * (the console's own admin ports), private networks, link-local (cloud metadata at 169.254.169.254),
 * CGNAT, unspecified, multicast, reserved, and every IPv6 spelling of these (ULA, link-local,
 * v4-mapped, v4-compatible, NAT64, 6to4, Teredo, expanded zeros).
 *
 * Addresses are parsed into bytes, never matched as text: `::ffff:7f00:1`, `0:0:0:0:0:0:0:1`,
 * `2130706433`, `0x7f.1` and `017700000001` are all 127.0.0.1 or ::1 and are all refused.
 */

/**
 * An IPv4 address in any spelling `inet_aton` (and so getaddrinfo, and so rclone through libc) accepts:
 * one to four parts, each decimal, octal (leading 0) or hex (0x); the last part fills the remaining bytes.
 */
export function parseIPv4(text: string): Uint8Array | null {
  const parts = text.split('.');
  if (parts.length < 1 || parts.length > 4) return null;
  const values: number[] = [];
  for (const part of parts) {
    let value: number;
    if (/^0x[0-9a-f]*$/i.test(part)) value = part.length === 2 ? 0 : parseInt(part.slice(2), 16);
    else if (/^0[0-7]*$/.test(part)) value = parseInt(part, 8);
    else if (/^[1-9][0-9]*$/.test(part)) value = parseInt(part, 10);
    else return null;
    if (!Number.isSafeInteger(value)) return null;
    values.push(value);
  }
  const last = values.pop() as number;
  if (values.some((v) => v > 255) || last >= 256 ** (4 - values.length)) return null;
  let n = last;
  values.forEach((v, i) => (n += v * 256 ** (3 - i)));
  return Uint8Array.of((n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255);
}

/** An IPv6 address (brackets and a zone id allowed, an embedded dotted IPv4 tail too) as 16 bytes. */
export function parseIPv6(text: string): Uint8Array | null {
  let s = text.replace(/^\[(.*)\]$/, '$1');
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (!s.includes(':') || !/^[0-9a-f:.]+$/i.test(s)) return null;
  const words: number[] = [];
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const parseHalf = (half: string, isTail: boolean): number[] | null => {
    if (half === '') return [];
    const out: number[] = [];
    const groups = half.split(':');
    for (const [i, g] of groups.entries()) {
      if (g.includes('.')) {
        // dotted IPv4 only as the very last group, in strict decimal form
        if (!isTail || i !== groups.length - 1 || !net.isIPv4(g)) return null;
        const [a = 0, b = 0, c = 0, d = 0] = g.split('.').map(Number);
        out.push((a << 8) | b, (c << 8) | d);
      } else {
        if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
        out.push(parseInt(g, 16));
      }
    }
    return out;
  };
  const head = parseHalf(halves[0] ?? '', halves.length === 1);
  const tail = halves.length === 2 ? parseHalf(halves[1] ?? '', true) : [];
  if (!head || !tail) return null;
  if (halves.length === 1) {
    if (head.length !== 8) return null;
    words.push(...head);
  } else {
    const missing = 8 - head.length - tail.length;
    if (missing < 1) return null;
    words.push(...head, ...new Array<number>(missing).fill(0), ...tail);
  }
  const bytes = new Uint8Array(16);
  words.forEach((w, i) => {
    bytes[i * 2] = w >> 8;
    bytes[i * 2 + 1] = w & 255;
  });
  return bytes;
}

/** A literal address in any accepted spelling, as 4 (IPv4) or 16 (IPv6) bytes; null for a host name. */
export function parseAddress(text: string): Uint8Array | null {
  const s = text.trim().toLowerCase().replace(/\.$/, '');
  return parseIPv4(s) ?? parseIPv6(s);
}

/** The canonical text of a literal (`2130706433` → `127.0.0.1`, `0:0:0:0:0:0:0:1` → `::1`); null for a name. */
export function canonicalAddress(text: string): string | null {
  const bytes = parseAddress(text);
  if (!bytes) return null;
  if (bytes.length === 4) return bytes.join('.');
  const words = Array.from({ length: 8 }, (_, i) => ((bytes[i * 2] ?? 0) << 8) | (bytes[i * 2 + 1] ?? 0));
  // the longest run of two or more zero words becomes `::` (RFC 5952)
  let best = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (words[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && words[j] === 0) j++;
    if (j - i > bestLength) [best, bestLength] = [i, j - i];
    i = j;
  }
  const hex = words.map((w) => w.toString(16));
  if (best < 0) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLength).join(':')}`;
}

const inV4 = (b: Uint8Array, prefix: readonly number[], bits: number): boolean => {
  for (let i = 0; i < 4 && bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 255 : (0xff << (8 - bits)) & 255;
    if (((b[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
};

/** IPv4 ranges no user connection may reach (RFC 6890 special-purpose, minus the globally reachable ones). */
const internalV4: readonly (readonly [readonly number[], number])[] = [
  [[0], 8], // "this network", 0.0.0.0
  [[10], 8],
  [[100, 64], 10], // CGNAT
  [[127], 8],
  [[169, 254], 16], // link-local, cloud metadata
  [[172, 16], 12],
  [[192, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2], 24], // documentation
  [[192, 88, 99], 24], // 6to4 relay anycast
  [[192, 168], 16],
  [[198, 18], 15], // benchmarking
  [[198, 51, 100], 24],
  [[203, 0, 113], 24],
  [[224], 4], // multicast
  [[240], 4], // reserved and broadcast
];
const v4Internal = (b: Uint8Array) => internalV4.some(([prefix, bits]) => inV4(b, prefix, bits));

const zeros = (b: Uint8Array, from: number, to: number) => b.subarray(from, to).every((x) => x === 0);

/** The IPv4 address an IPv6 one carries (mapped, compatible, SIIT, NAT64, 6to4, Teredo), if any. */
function embeddedV4(b: Uint8Array): Uint8Array | null {
  const last4 = b.slice(12, 16);
  if (zeros(b, 0, 10) && b[10] === 0xff && b[11] === 0xff) return last4; // ::ffff:a.b.c.d (mapped)
  if (zeros(b, 0, 12)) return last4; // ::a.b.c.d (compatible; also :: and ::1, judged as 0.0.0.0 / 0.0.0.1)
  if (zeros(b, 0, 8) && b[8] === 0xff && b[9] === 0xff && zeros(b, 10, 12)) return last4; // ::ffff:0:a.b.c.d (SIIT)
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(b, 4, 12)) return last4; // 64:ff9b::/96 NAT64
  if (b[0] === 0x20 && b[1] === 0x02) return b.slice(2, 6); // 2002::/16 6to4
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0 && b[3] === 0) return last4.map((x) => x ^ 0xff); // 2001::/32 Teredo client
  return null;
}

function v6Internal(b: Uint8Array): boolean {
  const v4 = embeddedV4(b);
  if (v4) return v4Internal(v4);
  const [b0 = 0, b1 = 0, b2 = 0, b3 = 0] = b;
  if ((b0 & 0xfe) === 0xfc) return true; // fc00::/7 unique local
  if (b0 === 0xfe && (b1 & 0xc0) === 0x80) return true; // fe80::/10 link-local
  if (b0 === 0xfe && (b1 & 0xc0) === 0xc0) return true; // fec0::/10 site-local (deprecated)
  if (b0 === 0xff) return true; // ff00::/8 multicast
  if (b0 === 0x00 && b1 === 0x64 && b2 === 0xff && b3 === 0x9b && b[4] === 0 && b[5] === 1) return true; // 64:ff9b:1::/48 local NAT64
  if (b0 === 0x01 && b1 === 0x00 && zeros(b, 2, 8)) return true; // 100::/64 discard
  if (b0 === 0x20 && b1 === 0x01 && b2 === 0x0d && b3 === 0xb8) return true; // 2001:db8::/32 documentation
  return false;
}

/** Whether a literal address is internal; anything that does not parse as an address counts as internal (fail closed). */
export function isInternalAddress(address: string): boolean {
  const bytes = parseAddress(address);
  if (!bytes) return true;
  return bytes.length === 4 ? v4Internal(bytes) : v6Internal(bytes);
}

export type Resolve = (host: string) => Promise<string[]>;
const systemResolve: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** The host's addresses, canonical: a literal in any spelling is parsed (not looked up), a name is resolved (every answer). */
export async function addressesOf(host: string, resolve: Resolve = systemResolve): Promise<string[]> {
  const literal = canonicalAddress(host);
  if (literal) return [literal];
  const name = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  const found = await resolve(name);
  if (found.length === 0) throw new Error(`${host} has no address`);
  return found.map((a) => canonicalAddress(a) ?? a);
}

/**
 * Whether `host:port` may be reached: every address it resolves to is public, or the host (or host:port),
 * or every address it resolves to (or address:port), is on the administrator's allow list. Unresolvable
 * hosts are refused (answered with `reason`). The caller connects to `addresses[0]`, never to the name
 * again, so a DNS answer changed after the check (rebinding) cannot redirect the connection.
 */
export async function reachable(
  host: string,
  port: number,
  allowed: ReadonlySet<string>,
  resolve: Resolve = systemResolve,
): Promise<{ ok: true; addresses: string[] } | { ok: false; reason: string }> {
  const key = host.trim().toLowerCase();
  let addresses: string[];
  try {
    addresses = await addressesOf(key, resolve);
  } catch {
    return { ok: false, reason: `the host ${host} does not resolve` };
  }
  const allows = (name: string) => allowed.has(name) || allowed.has(`${name}:${port}`) || allowed.has(`[${name}]:${port}`);
  if (allows(key) || allows(key.replace(/^\[|\]$/g, ''))) return { ok: true, addresses };
  const internal = addresses.find((a) => isInternalAddress(a) && !allows(a));
  if (internal) return { ok: false, reason: `${host} is an internal address (${internal}); an administrator must allow ${key}:${port} first` };
  return { ok: true, addresses };
}
