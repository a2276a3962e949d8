import { isOnDomain } from '@starlight/contract/sso';

/** What an /oauth URL asks for (spec §2 /oauth, §5). */
export type OauthRequest =
  | { kind: 'consent'; uid: string }
  /** An authorization request that arrived at the SPA: hand it to the provider's endpoint. */
  | { kind: 'authorize'; query: string }
  /** A first-party site of the provider's domain, no client_id: back to it after sign-in. */
  | { kind: 'first-party'; url: string }
  /** Spec §5, §8: outside the provider's domain and no client_id. */
  | { kind: 'refused'; host: string }
  | { kind: 'missing' };

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export function readOauthRequest(search: string, domain: string): OauthRequest {
  const query = new URLSearchParams(search);
  const uid = query.get('uid');
  if (uid) return { kind: 'consent', uid };
  if (query.get('client_id')) return { kind: 'authorize', query: query.toString() };
  const target = query.get('redirect_url') ?? query.get('redirect_uri');
  if (!target) return { kind: 'missing' };
  return isOnDomain(target, domain) ? { kind: 'first-party', url: target } : { kind: 'refused', host: hostOf(target) };
}
