import { ApiError } from '../../../lib/api-error';

/** The first field error of a refused call (`body.verification_code` → `verification_code`), else its info text. */
export function firstProblem(error: unknown): { field: string | null; text: string } {
  if (error instanceof ApiError) {
    const fields = (error.spec as { fields?: { path?: string; message?: string }[] } | null)?.fields;
    const first = Array.isArray(fields) ? fields[0] : undefined;
    if (first?.path) return { field: first.path.split('.').pop() ?? null, text: first.message ?? error.info };
    return { field: null, text: error.info };
  }
  return { field: null, text: error instanceof Error ? error.message : String(error) };
}
