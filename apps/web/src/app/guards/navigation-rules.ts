import { bindingKey, routeChainAllows } from '@starlight/contract/routes';
import { starlightRedirectTarget } from '../../lib/provider-domain';

export type ShellDecision =
  | { kind: 'allow' }
  | { kind: 'login'; to: string }
  | { kind: 'load' }
  /** needsBinding: binding a system account would open the page (the /401 page says so). */
  | { kind: 'unauthorized'; needsBinding: boolean };

export interface ShellAccessInput {
  token: string | null;
  /** null: not fetched yet. */
  permissions: readonly string[] | null;
  /** meta.perms of every matched level, outermost first: each level must pass (spec §2, routeChainAllows). */
  chain: readonly (readonly string[] | undefined)[];
  /** pathname + search of the requested page. */
  requested: string;
}

/** Query-safe, but '/' is left readable (allowed in a query): /login?redirect=/job/myjobs. */
export function encodeRedirect(path: string): string {
  return encodeURIComponent(path).replace(/%2F/gi, '/');
}

/** Spec §2 navigation rules for every route inside the shell. */
export function decideShellAccess({ token, permissions, chain, requested }: ShellAccessInput): ShellDecision {
  if (!token) return { kind: 'login', to: `/login?redirect=${encodeRedirect(requested)}` };
  if (permissions === null) return { kind: 'load' };
  if (routeChainAllows(chain, permissions)) return { kind: 'allow' };
  return { kind: 'unauthorized', needsBinding: wouldBindingOpen(chain, permissions) };
}

/** True when the missing key is binded_account: with a bound system account the route would open. */
export function wouldBindingOpen(chain: ShellAccessInput['chain'], held: readonly string[]): boolean {
  return !held.includes(bindingKey) && routeChainAllows(chain, [...held, bindingKey]);
}

export type LoginPageDecision = { kind: 'show' } | { kind: 'home' } | { kind: 'external'; url: string };

/**
 * A logged-in user opening /login, /wx-login or /vc-login goes to /, unless the query carries
 * redirect=/starlight and a redirect_url on the provider's domain: then the browser goes there.
 */
export function decideLoginPage(loggedIn: boolean, search: string, domain: string): LoginPageDecision {
  if (!loggedIn) return { kind: 'show' };
  const url = starlightRedirectTarget(search, domain);
  return url ? { kind: 'external', url } : { kind: 'home' };
}

/** Spec §9: the browser goes to the redirect_url after 2 seconds. */
export const starlightRedirectDelayMs = 2000;
