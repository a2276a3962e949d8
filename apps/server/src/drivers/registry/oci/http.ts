import { Code } from '@starlight/contract/codes';
import { AppError } from '../../../lib/app-error';
import type { TokenSource } from '../interface';

export interface RegistryHttpOptions {
  /** Base URL, e.g. http://127.0.0.1:5000 (no trailing /v2). */
  url: string;
  /** Shown in messages: the registry's name in the console. */
  name: string;
  timeoutMs: number;
  token?: TokenSource;
}

export const upstream = (info: string): AppError => new AppError(Code.upstreamDown, info);

/**
 * HTTP to a registry: every call bounded by the timeout; a Bearer challenge (401 with
 * WWW-Authenticate) is answered once through the token source, and tokens are reused per scope.
 */
export function createRegistryHttp({ url, name, timeoutMs, token }: RegistryHttpOptions) {
  const base = url.replace(/\/+$/, '');
  const tokens = new Map<string, { value: string; until: number }>();

  async function send(path: string, init: RequestInit, bearer?: string): Promise<Response> {
    const headers = new Headers(init.headers);
    if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
    try {
      return await fetch(base + path, { ...init, headers, redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const e = error as Error;
      if (e.name === 'TimeoutError' || e.name === 'AbortError') throw upstream(`image registry ${name} (${base}) did not answer within ${timeoutMs / 1000} s`);
      throw upstream(`image registry ${name} unreachable at ${base} (${(e.cause as Error | undefined)?.message ?? e.message})`);
    }
  }

  return {
    base,
    /** The response (any status but a 401 that a token could answer, and 5xx, which are 1502). */
    async request(path: string, init: RequestInit, scope: string): Promise<Response> {
      const cached = tokens.get(scope);
      let response = await send(path, init, cached && cached.until > Date.now() ? cached.value : undefined);
      if (response.status === 401 && token) {
        const challenge = parseChallenge(response.headers.get('www-authenticate') ?? '');
        await response.body?.cancel();
        if (challenge) {
          const value = await token({ service: challenge.service ?? '', scope: challenge.scope ?? scope });
          tokens.set(scope, { value, until: Date.now() + 50_000 });
          response = await send(path, init, value);
        }
      }
      if (response.status >= 500) {
        await response.body?.cancel();
        throw upstream(`image registry ${name} answered HTTP ${response.status}`);
      }
      return response;
    },
  };
}

export type RegistryHttp = ReturnType<typeof createRegistryHttp>;

/** `Bearer realm="…",service="…",scope="…"` → its parameters; null for another scheme. */
export function parseChallenge(header: string): { realm?: string; service?: string; scope?: string } | null {
  const match = /^Bearer\s+(.*)$/i.exec(header.trim());
  if (!match?.[1]) return null;
  const params: Record<string, string> = {};
  for (const part of match[1].matchAll(/(\w+)="([^"]*)"/g)) params[part[1] as string] = part[2] as string;
  return params;
}

/** `<…/v2/_catalog?last=x&n=100>; rel="next"` → `x`. */
export function nextLast(link: string | null): string | null {
  if (!link) return null;
  const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(link);
  if (!match?.[1]) return null;
  return new URL(match[1], 'http://registry').searchParams.get('last');
}
