/** Second-level public suffixes common for this product's deployments (the web app's list, not the PSL). */
const twoLabelSuffixes = new Set(['com.cn', 'net.cn', 'org.cn', 'gov.cn', 'edu.cn', 'ac.cn', 'co.uk', 'ac.uk', 'co.jp', 'ac.jp', 'com.hk', 'com.tw', 'com.es']);

const isIpAddress = (host: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':');

/** `console.example.com` → `example.com`; localhost and IP addresses count as themselves (as the web app decides). */
export function registrableDomain(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '').replace(/^\[|\]$/g, '');
  if (isIpAddress(host)) return host;
  const labels = host.split('.');
  if (labels.length <= 2) return host;
  const lastTwo = labels.slice(-2).join('.');
  return twoLabelSuffixes.has(lastTwo) ? labels.slice(-3).join('.') : lastTwo;
}
