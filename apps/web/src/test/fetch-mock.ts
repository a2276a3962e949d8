import { vi } from 'vitest';

export interface EnvelopeReply {
  code: number;
  kind?: string;
  spec?: unknown;
  info?: string;
  uuid?: string;
}

/** A fetch Response carrying the API envelope, with the HTTP status the server would send. */
export function envelopeResponse(reply: EnvelopeReply, status = 200): Response {
  const body = { kind: 'result', spec: null, info: '', uuid: 'uuid-1', ...reply };
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Replaces global fetch; each call is answered by `answer(url, init)`. */
export function mockFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => Promise.resolve(answer(String(input), init)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
