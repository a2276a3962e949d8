import { z } from 'zod';

/** User info (spec §3). `status` is a bit field: 1 bound system account, 64 cloud-bound. */
export const userInfoSchema = z.object({
  id: z.number().int(),
  user_name: z.string(),
  uid: z.string(),
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  status: z.number().int(),
  email: z.string().nullable(),
  telephone: z.string().nullable(),
  real_name: z.string().nullable(),
  avatar: z.string().nullable(),
  system_account: z.string().nullable(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** GET /perm/permission answers the actor's keys as a plain list of strings. */
export const permissionListSchema = z.array(z.string());
