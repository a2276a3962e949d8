import { DrizzleQueryError } from 'drizzle-orm';

/**
 * Telling "the database is not there" apart from every other database error, so a request during an
 * outage is answered 1502 'database unreachable' (the caller may retry) instead of 1500 (our bug).
 */

/** A pooled connection could not be opened (client.ts wraps the pool's errors in it, keeping the cause). */
export class DatabaseConnectError extends Error {
  override name = 'DatabaseConnectError';
  constructor(cause: Error) {
    super(cause.message, { cause });
  }
}

/** Socket errors of a TCP connection that failed or broke. */
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a server that is going away or not there yet: 57P01 admin_shutdown (pg_ctl stop, and the
 * backends of a postmaster that died), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up,
 * shutting down, recovering); class 08 is connection_exception.
 */
const serverGoneStates = new Set(['57P01', '57P02', '57P03']);

/** What node-postgres says when the socket closes under a client, or a client that saw that is used again. */
const driverMessages = [/^Connection terminated/, /connection error and is not queryable/, /^Client was closed and is not queryable/];

/**
 * Socket codes say nothing of who was called (a Slurm or SSH driver's refused connection has the same
 * code): they count only under an error that came from the database driver. SQLSTATEs and node-postgres'
 * own messages count anywhere.
 */
function isGone(error: object, fromDatabase: boolean): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (serverGoneStates.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof code === 'string' && fromDatabase && socketCodes.has(code)) return true;
  if (fromDatabase && error instanceof AggregateError && error.errors.some((inner) => isGone(inner as object, true))) return true;
  return typeof message === 'string' && driverMessages.some((pattern) => pattern.test(message));
}

/** True when `error`, or an error it wraps (drizzle's DrizzleQueryError keeps the driver's as `cause`), says the database is unreachable. */
export function isDatabaseUnreachable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let fromDatabase = false;
  for (let current = error; current && typeof current === 'object' && !seen.has(current); current = (current as { cause?: unknown }).cause) {
    seen.add(current);
    fromDatabase ||= current instanceof DrizzleQueryError || current instanceof DatabaseConnectError;
    if (isGone(current, fromDatabase)) return true;
  }
  return false;
}

/** One line for an operator: why the connection failed ("refused the connection (ECONNREFUSED)"). */
export function describeUnreachable(error: unknown): string {
  const codes: string[] = [];
  const messages: string[] = [];
  const visit = (e: unknown): void => {
    if (!e || typeof e !== 'object') return;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') codes.push(code);
    if (typeof message === 'string' && message !== '') messages.push(message);
    if (e instanceof AggregateError) e.errors.forEach(visit);
    visit((e as { cause?: unknown }).cause);
  };
  visit(error);
  if (codes.includes('ECONNREFUSED')) return 'refused the connection (ECONNREFUSED)';
  const code = codes.find((c) => socketCodes.has(c) || serverGoneStates.has(c) || c.startsWith('08'));
  const message = messages.find((m) => m !== 'Failed query' && !m.startsWith('Failed query:')) ?? messages[0] ?? String(error);
  return code ? `is not accepting connections (${code}: ${message})` : `is not accepting connections (${message})`;
}
