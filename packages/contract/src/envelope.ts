import { z } from 'zod';

/**
 * Every JSON response: `spec` is the payload, `info` a human message, `uuid` the request id
 * that the server also logs (ARCHITECTURE §3).
 */
export function envelopeSchema<T extends z.ZodType>(spec: T) {
  return z.object({
    code: z.number().int(),
    kind: z.string(),
    spec,
    info: z.string(),
    uuid: z.string(),
  });
}

export interface Envelope<T = unknown> {
  code: number;
  kind: string;
  spec: T;
  info: string;
  uuid: string;
}

/** One field problem in a 1400 reply: `path` is dotted (`body.email`, `query.page_size`). */
export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * Zod issues → the 1400 reply's fields (server, with a prefix such as 'body') or antd's
 * `form.setFields` (web, no prefix). Typed structurally so it takes any zod version's issues.
 */
export function toFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix = '',
): FieldError[] {
  return issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter((part) => part !== '').join('.'),
    message: issue.message,
  }));
}

export const invalidInputSpecSchema = z.object({ fields: z.array(fieldErrorSchema) });
export type InvalidInputSpec = z.infer<typeof invalidInputSpecSchema>;

/** Paged lists answer `spec: { list, total }`; `page_size` is at most 100. */
export const maxPageSize = 100;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(maxPageSize).default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function listSchema<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int().min(0) });
}

export interface List<T> {
  list: T[];
  total: number;
}
