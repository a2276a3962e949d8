import { lookup } from 'node:dns/promises';
import net from 'node:net';

/**
 * Addresses a user-supplied connection must not reach unless an administrator allows them: loopback
 * (the console's own admin ports), private networks, link-local (cloud metadata at 169.254.169.254),
 * CGNAT, unspecified, multicast, and their IPv6 forms (ULA, link-local, v4-mapped).
 */
export function isInternalAddress(address: string): boolean {
  const mapped = address.toLowerCase().match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  const ip = mapped?.[1] ?? address;
  if (net.isIPv4(ip)) {
    const [a = 0, b = 0] = ip.split('.').map(Number);
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224;
  }
  const v6 = ip.toLowerCase();
  return v6 === '::' || v6 === '::1' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6) || /^ff/.test(v6);
}

/** The host's addresses (one lookup), or the literal itself. */
export async function addressesOf(host: string): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (net.isIP(bare)) return [bare];
  return (await lookup(bare, { all: true })).map((a) => a.address);
}

/**
 * Whether `host:port` may be reached: every address it resolves to is public, or the host (or host:port)
 * is on the administrator's allow list. Unresolvable hosts are refused (answered with `reason`).
 */
export async function reachable(host: string, port: number, allowed: ReadonlySet<string>): Promise<{ ok: true; addresses: string[] } | { ok: false; reason: string }> {
  const key = host.toLowerCase();
  let addresses: string[];
  try {
    addresses = await addressesOf(key);
  } catch {
    return { ok: false, reason: `the host ${host} does not resolve` };
  }
  if (allowed.has(key) || allowed.has(`${key}:${port}`)) return { ok: true, addresses };
  const internal = addresses.find(isInternalAddress);
  if (internal) return { ok: false, reason: `${host} is an internal address (${internal}); an administrator must allow ${key}:${port} first` };
  return { ok: true, addresses };
}
