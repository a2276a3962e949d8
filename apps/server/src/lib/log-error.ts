import { isDatabaseUnreachable } from '../db/unreachable';

const maxDepth = 3;
const maxString = 500;

/**
 * An error as the log keeps it (pino's `err` serializer): type, message, code and the other fields whose values are
 * plain strings, numbers or booleans, the stack, and the same for its `cause` and an AggregateError's `errors`.
 * Object-valued fields are never written: pg-pool hangs the whole pg Client on an idle connection's error (`err.client`:
 * its connection parameters, the backend's cancel key, ~20 KB a line), drizzle the statement's parameters (`params`:
 * password hashes, tokens). A database that went away is said in its code and message only, without a stack, since
 * an outage repeats it for every connection.
 */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!error || typeof error !== 'object') return { message: String(error) };
  const out: Record<string, unknown> = { type: error.constructor?.name ?? 'Object' };
  const { message, stack, cause } = error as { message?: unknown; stack?: unknown; cause?: unknown };
  if (typeof message === 'string') out.message = clip(message);
  for (const [key, value] of Object.entries(error)) {
    if (key === 'message' || key === 'stack' || key === 'cause' || key in out) continue;
    if (typeof value === 'string') out[key] = clip(value);
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  if (typeof stack === 'string' && !isDatabaseUnreachable(error)) out.stack = stack;
  if (depth < maxDepth && cause !== undefined) out.cause = serializeError(cause, depth + 1);
  if (depth < maxDepth && error instanceof AggregateError) out.errors = error.errors.slice(0, 5).map((inner: unknown) => serializeError(inner, depth + 1));
  return out;
}

const clip = (text: string): string => (text.length > maxString ? `${text.slice(0, maxString)}…` : text);
