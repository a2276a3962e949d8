import { z } from 'zod';
import { listSchema, pageQuerySchema } from './envelope';

/** What the audit log records (issue 3 §8); more actions join as their features land. */
export const auditActions = ['login', 'logout', 'register', 'password_change', 'password_reset'] as const;
export type AuditAction = (typeof auditActions)[number];

/** GET /user/access/login: the caller's login records; a holder of query_all_user may name another user. */
export const loginRecordQuerySchema = pageQuerySchema.extend({
  field_eq_user_name: z.string().trim().min(1).max(60).optional(),
});

export const loginRecordSchema = z.object({
  id: z.number().int(),
  user_name: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  result: z.enum(['ok', 'failed']),
  created_at: z.string(),
});
export type LoginRecord = z.infer<typeof loginRecordSchema>;
export const loginRecordListSchema = listSchema(loginRecordSchema);
