import { isOnDomain } from '@starlight/contract/sso';
import { env } from './env';

/** Second-level public suffixes common for this product's deployments (a short list, not the PSL). */
const twoLabelSuffixes = new Set(['com.cn', 'net.cn', 'org.cn', 'gov.cn', 'edu.cn', 'ac.cn', 'co.uk', 'ac.uk', 'co.jp', 'ac.jp', 'com.hk', 'com.tw', 'com.es']);

const isIpAddress = (host: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':');

/** `console.example.com` → `example.com`; localhost and IP addresses count as themselves. */
export function registrableDomain(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (isIpAddress(host)) return host;
  const labels = host.split('.');
  if (labels.length <= 2) return host;
  const lastTwo = labels.slice(-2).join('.');
  return twoLabelSuffixes.has(lastTwo) ? labels.slice(-3).join('.') : lastTwo;
}

export function providerDomain(hostname: string = window.location.hostname): string {
  return (env.providerDomain ?? registrableDomain(hostname)).toLowerCase();
}

/** An absolute http(s) URL whose host is the provider's domain or one of its subdomains (the contract's §5 rule). */
export const isOnProviderDomain = isOnDomain;

/**
 * Spec §2: a logged-in user on a login page goes to `/`, except when the query carries
 * redirect=/starlight and a redirect_url on the provider's own domain: then that URL.
 */
export function starlightRedirectTarget(search: string, domain: string): string | undefined {
  const query = new URLSearchParams(search);
  if (query.get('redirect') !== '/starlight') return undefined;
  const target = query.get('redirect_url');
  return target && isOnProviderDomain(target, domain) ? target : undefined;
}

/** Only same-origin paths are followed after login (no `//evil.example` or absolute URLs). */
export function safeRedirectPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}

/** Cookies are shared across the provider's domain, except on localhost and bare IP addresses. */
export function cookieDomain(hostname: string = window.location.hostname): string | undefined {
  const domain = providerDomain(hostname);
  if (domain === 'localhost' || isIpAddress(domain) || !domain.includes('.')) return undefined;
  const host = hostname.toLowerCase();
  return host === domain || host.endsWith(`.${domain}`) ? domain : undefined;
}
