import { tokenLifetimeMs, type TokenType } from '@starlight/contract/auth';
import { env } from './env';
import { cookieDomain } from './provider-domain';

/** Spec §9: the token is kept per environment (local, dev, pre, production) in local storage. */
export const tokenStorageKey = `starlight-token-${env.appEnv}`;
export const backTokenKey = 'backToken';
export const informedKey = 'informed';
export const thirdRoutesKey = 'thirdRoutes';

const readLocal = (key: string) => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

export function readToken(): string | null {
  return readLocal(tokenStorageKey);
}

export interface WriteTokenOptions {
  tokenType?: TokenType;
  /** Share the cookie with the provider's other sites (login with a redirect_url on its domain). */
  crossDomain?: boolean;
}

export function writeToken(token: string, options: WriteTokenOptions = {}): void {
  window.localStorage.setItem(tokenStorageKey, token);
  const lifetime = tokenLifetimeMs[options.tokenType ?? 'shortTerm'];
  writeCookie(tokenStorageKey, token, lifetime, options.crossDomain ? cookieDomain() : undefined);
}

export function removeToken(): void {
  window.localStorage.removeItem(tokenStorageKey);
  removeCookie(tokenStorageKey, undefined);
  const shared = cookieDomain();
  if (shared) removeCookie(tokenStorageKey, shared);
}

/** Spec §4: a backed-up token in local storage is restored first, then removed. */
export function restoreBackToken(): string | null {
  const backToken = readLocal(backTokenKey);
  if (!backToken) return null;
  window.localStorage.setItem(tokenStorageKey, backToken);
  window.localStorage.removeItem(backTokenKey);
  return backToken;
}

/** The once-per-session guard of the expiry dialog (spec §8), kept in session storage. */
export function isInformed(): boolean {
  try {
    return window.sessionStorage.getItem(informedKey) === 'true';
  } catch {
    return false;
  }
}

export function setInformed(value: boolean): void {
  window.sessionStorage.setItem(informedKey, value ? 'true' : 'false');
}

/** Spec §2: extra third-party routes, a semicolon-separated list of names. */
export function readThirdRouteNames(): string[] {
  return (readLocal(thirdRoutesKey) ?? '')
    .split(';')
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
}

export function removeThirdRoutes(): void {
  window.localStorage.removeItem(thirdRoutesKey);
}

function writeCookie(name: string, value: string, lifetimeMs: number, domain: string | undefined): void {
  const expires = new Date(Date.now() + lifetimeMs).toUTCString();
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const domainPart = domain ? `; domain=${domain}` : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/${domainPart}; SameSite=Lax${secure}`;
}

function removeCookie(name: string, domain: string | undefined): void {
  const domainPart = domain ? `; domain=${domain}` : '';
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domainPart}`;
}
