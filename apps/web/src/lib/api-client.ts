import { timeoutHeader, tokenHeader } from '@starlight/contract/auth';
import { Code, isSuccessCode } from '@starlight/contract/codes';
import type { Envelope } from '@starlight/contract/envelope';
import { buildUrl, type QueryParams } from '@starlight/contract/query';
import { ApiError, transportErrorCode } from './api-error';
import { browser } from './browser';
import { env } from './env';
import { feedback } from './feedback';
import { i18n } from './i18n';
import { clearSession, useSessionStore } from './session-store';
import { isInformed, setInformed } from './token-storage';

/** Spec §9: general HTTP timeout 15 s; the TIMEOUT header (seconds the server may take) defaults to 5. */
export const defaultTimeoutMs = 15_000;
export const defaultTimeoutHeader = 5;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  query?: QueryParams;
  /** JSON unless a Blob, ArrayBuffer or FormData (uploads, sent as is). */
  body?: unknown;
  /** false: no token header (login, public calls). */
  auth?: boolean;
  /** The TIMEOUT header; spec §7 overrides: 10, 15, 25, 3600. */
  timeoutHeader?: number;
  /** Client-side abort after this many ms; null for none (uploads). */
  timeoutMs?: number | null;
  /** Codes treated as success for this call (555 on login, 11502 and 1201 on dir_info …). */
  tolerated?: readonly number[];
  /** Codes that bypass default handling: the call rejects and nobody is told (cloud token, bind-cloud). */
  skip?: readonly number[];
  /** Show the error as a centered message for 5 seconds instead of a notification. */
  centered?: boolean;
  /** Tell the user nothing at all (the client error log itself). */
  silent?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (e.g. a chunk's checksum). */
  headers?: Record<string, string>;
}

const expiredCodes: readonly number[] = [Code.tokenInvalid, 401];

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

function isRawBody(body: unknown): body is BodyInit {
  return body instanceof Blob || body instanceof ArrayBuffer || body instanceof FormData || ArrayBuffer.isView(body);
}

/**
 * Spec §8, 1300 and 401: once per session (the informed flag) a confirm dialog. Confirm logs out,
 * goes to /login and reloads; cancel logs out and leaves the user on the page.
 */
function informSessionExpired(): void {
  if (isInformed()) return;
  setInformed(true);
  feedback().modal.confirm({
    title: i18n.t('errors:sessionExpired.title'),
    content: i18n.t('errors:sessionExpired.content'),
    okText: i18n.t('errors:sessionExpired.ok'),
    cancelText: i18n.t('errors:sessionExpired.cancel'),
    onOk: () => {
      clearSession();
      browser.assign('/login');
    },
    onCancel: () => {
      clearSession();
    },
  });
}

function tellApiError(envelope: Envelope, centered: boolean): void {
  const text = i18n.t('errors:requestFailed', { info: envelope.info, uuid: envelope.uuid });
  if (centered) feedback().message.error({ content: text, duration: 5 });
  else feedback().notification.error({ title: text });
}

function tellTransportError(reason: string): void {
  feedback().notification.error({ title: i18n.t('errors:transportFailed', { error: reason }) });
}

function transportFailure(reason: string, status: number | undefined, options: RequestOptions): ApiError {
  if (!options.silent) tellTransportError(reason);
  return new ApiError({ code: transportErrorCode, info: reason, status, transport: true });
}

/** One call to the API: resolves with the envelope on success, rejects with an ApiError otherwise. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [timeoutHeader]: String(options.timeoutHeader ?? defaultTimeoutHeader),
  };
  const token = useSessionStore.getState().token;
  if (options.auth !== false && token) headers[tokenHeader] = token;
  Object.assign(headers, options.headers);

  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (isRawBody(options.body)) body = options.body;
    else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
  }

  const controller = new AbortController();
  const timeoutMs = options.timeoutMs === undefined ? defaultTimeoutMs : options.timeoutMs;
  let timedOut = false;
  const timer =
    timeoutMs === null
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort);

  let response: Response;
  let payload: unknown;
  try {
    response = await fetch(`${env.apiBase}${buildUrl(path, options.query)}`, {
      method,
      headers,
      body,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    const text = await response.text();
    try {
      payload = text ? JSON.parse(text) : undefined;
    } catch {
      payload = undefined;
    }
  } catch (error) {
    if (options.signal?.aborted && !timedOut) {
      throw new ApiError({ code: transportErrorCode, info: 'aborted', transport: true, aborted: true });
    }
    const reason = timedOut ? `timeout of ${timeoutMs}ms exceeded` : error instanceof Error ? error.message : String(error);
    throw transportFailure(reason, undefined, options);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }

  if (!isEnvelope(payload)) {
    if (response.status === 401) {
      if (!options.silent) informSessionExpired();
      throw new ApiError({ code: Code.tokenInvalid, info: response.statusText || 'Unauthorized', status: 401 });
    }
    const reason = response.ok ? `Unexpected response from ${path}` : `Request failed with status code ${response.status}`;
    throw transportFailure(reason, response.status, options);
  }

  const envelope = payload as Envelope<T>;
  if (isSuccessCode(envelope.code, options.tolerated)) return envelope;

  const error = new ApiError({ ...envelope, status: response.status });
  if (options.silent || options.skip?.includes(envelope.code)) throw error;
  if (expiredCodes.includes(envelope.code)) informSessionExpired();
  else tellApiError(envelope, options.centered ?? false);
  throw error;
}

/** The envelope's spec, for the many calls that need nothing else. */
export async function apiSpec<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequest<T>(path, options)).spec;
}

/**
 * A call whose success is not an envelope (a preview, a download): the body as a Blob with its
 * headers. A failure still arrives as an envelope and is handled exactly as `apiRequest` does.
 */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<{ blob: Blob; headers: Headers }> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { [timeoutHeader]: String(options.timeoutHeader ?? defaultTimeoutHeader), ...options.headers };
  const token = useSessionStore.getState().token;
  if (options.auth !== false && token) headers[tokenHeader] = token;
  let response: Response;
  try {
    response = await fetch(`${env.apiBase}${buildUrl(path, options.query)}`, { method, headers, signal: options.signal ?? null, credentials: 'same-origin' });
  } catch (error) {
    if (options.signal?.aborted) throw new ApiError({ code: transportErrorCode, info: 'aborted', transport: true, aborted: true });
    throw transportFailure(error instanceof Error ? error.message : String(error), undefined, options);
  }
  if (response.ok && !(response.headers.get('content-type') ?? '').includes('application/json'))
    return { blob: await response.blob(), headers: response.headers };
  let payload: unknown;
  try {
    payload = JSON.parse(await response.text());
  } catch {
    payload = undefined;
  }
  if (!isEnvelope(payload)) throw transportFailure(`Request failed with status code ${response.status}`, response.status, options);
  const error = new ApiError({ ...payload, status: response.status });
  if (!options.silent) {
    if (expiredCodes.includes(payload.code)) informSessionExpired();
    else tellApiError(payload, options.centered ?? false);
  }
  throw error;
}
