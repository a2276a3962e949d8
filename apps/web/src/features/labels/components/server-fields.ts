import { isApiError } from '../../../lib/api-error';

/** A 1400/1409 reply's field errors (`body.name`) as antd form fields; null when it names none. */
export function serverFields<N extends string>(error: unknown, known: readonly N[]): { name: N; errors: string[] }[] | null {
  if (!isApiError(error)) return null;
  const fields = (error.spec as { fields?: { path: string; message: string }[] } | null)?.fields ?? [];
  const mapped = fields
    .map((f) => ({ name: f.path.replace(/^body\./, '') as N, errors: [f.message] }))
    .filter((f) => known.includes(f.name));
  return mapped.length > 0 ? mapped : null;
}
