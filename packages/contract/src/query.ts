/**
 * Query strings the way spec §5/§7 want them: empty or falsy values are dropped (so 0 and false
 * are dropped too — send '0' or 'false' as strings when the server must see them) and arrays
 * repeat their key (`a=1&a=2`), their own empty items dropped the same way.
 */
export type QueryScalar = string | number | boolean | null | undefined;
export type QueryValue = QueryScalar | readonly QueryScalar[];
export type QueryParams = Readonly<Record<string, QueryValue>>;

function kept(value: QueryScalar): value is string | number | true {
  return Boolean(value);
}

const pair = (key: string, value: string | number | true) =>
  `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`;

/** `{ a: [1, 2], b: '', c: 'x y' }` → `a=1&a=2&c=x%20y` (no leading '?'). */
export function serializeQuery(params: QueryParams = {}): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      for (const item of value as readonly QueryScalar[]) if (kept(item)) pairs.push(pair(key, item));
    } else if (kept(value as QueryScalar)) {
      pairs.push(pair(key, value as string | number | true));
    }
  }
  return pairs.join('&');
}

/** Appends the serialized params to `path`, after any query it already has and before any '#'. */
export function buildUrl(path: string, params: QueryParams = {}): string {
  const query = serializeQuery(params);
  if (!query) return path;
  const hashAt = path.indexOf('#');
  const base = hashAt === -1 ? path : path.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : path.slice(hashAt);
  const joiner = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${joiner}${query}${hash}`;
}
