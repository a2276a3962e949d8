import type { ClientErrorInput } from '@starlight/contract/system';
import { apiRequest } from './api-client';

/** At most one report per interval and a cap per page load, so an error loop cannot flood the log. */
const minIntervalMs = 5_000;
const maxReportsPerPage = 20;

export function createClientErrorReporter(send: (input: ClientErrorInput) => Promise<unknown>, now: () => number = Date.now) {
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let sent = 0;
  const seen = new Set<string>();
  return (error: unknown, fallbackMessage = 'unknown error'): boolean => {
    const message = (error instanceof Error ? error.message : typeof error === 'string' ? error : fallbackMessage).slice(0, 2000) || fallbackMessage;
    const stack = error instanceof Error && error.stack ? error.stack.slice(0, 20000) : undefined;
    const key = `${message}\n${stack ?? ''}`;
    if (seen.has(key) || sent >= maxReportsPerPage || now() - lastSentAt < minIntervalMs) return false;
    seen.add(key);
    sent += 1;
    lastSentAt = now();
    const input: ClientErrorInput = {
      message,
      url: window.location.href.slice(0, 2000),
      user_agent: navigator.userAgent.slice(0, 1000),
      ...(stack ? { stack } : {}),
    };
    send(input).catch(() => undefined);
    return true;
  };
}

/** Spec §8: in production, uncaught client errors are stored in the server's error log. */
export function installClientErrorReporter(): void {
  const report = createClientErrorReporter((input) =>
    apiRequest('/log/client_error', { method: 'POST', body: input, auth: false, silent: true }),
  );
  window.addEventListener('error', (event) => report(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => report(event.reason, 'unhandled rejection'));
}
