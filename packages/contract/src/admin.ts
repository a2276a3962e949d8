import { z } from 'zod';
import { listSchema, pageQuerySchema } from './envelope';
import { permissionKeySchema } from './permissions';
import { emailProblem, mobileProblem, nameSchema, passwordSchema, usernameProblem } from './validators';

/**
 * Administration of users, groups, communities and roles (spec §2 user-center, §6), account
 * switching (§4) and the admin audit page. One schema per request and response.
 */

const checked = (check: (value: string) => string | undefined) =>
  z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const message = check(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });

export const userNameSchema = checked(usernameProblem);
/** A user named in a request: looked up, so only its length is checked here. */
export const userRefSchema = z.string().trim().min(1).max(60);
const optionalEmail = checked(emailProblem).transform((value) => value.toLowerCase());
const optionalPhone = checked(mobileProblem);
const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const userStateSchema = z.enum(['active', 'disabled']);

/** GET /user/user: `field_lk_user_name` matches part of the name (also the switch-user search). */
export const userListQuerySchema = pageQuerySchema.extend({
  field_lk_user_name: z.string().trim().max(60).optional(),
  field_eq_group_name: z.string().trim().max(60).optional(),
  field_eq_state: userStateSchema.optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const adminUserSchema = z.object({
  id: z.number().int(),
  user_name: z.string(),
  real_name: z.string().nullable(),
  email: z.string().nullable(),
  telephone: z.string().nullable(),
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  status: z.number().int(),
  system_account: z.string().nullable(),
  disabled: z.boolean(),
  group_admin: z.boolean(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = listSchema(adminUserSchema);

export const adminValidationMessages = {
  inviteNeedsEmail: 'An invitation needs an e-mail address',
  passwordOrInvite: 'Give an initial password or send an invitation',
} as const;

/** POST /user/user: an initial password, or an e-mail invitation carrying a generated one. */
export const createUserInputSchema = z
  .object({
    user_name: userNameSchema,
    email: z.preprocess(emptyToUndefined, optionalEmail.optional()),
    telephone: z.preprocess(emptyToUndefined, optionalPhone.optional()),
    real_name: z.preprocess(emptyToUndefined, z.string().trim().max(60).optional()),
    group_name: z.preprocess(emptyToUndefined, z.string().trim().max(60).optional()),
    password: z.preprocess(emptyToUndefined, passwordSchema.optional()),
    invite: z.boolean().default(false),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.invite && !value.email)
      ctx.addIssue({ code: 'custom', path: ['email'], message: adminValidationMessages.inviteNeedsEmail });
    if (!value.invite && !value.password)
      ctx.addIssue({ code: 'custom', path: ['password'], message: adminValidationMessages.passwordOrInvite });
  });
export type CreateUserInput = z.input<typeof createUserInputSchema>;

export const createUserResultSchema = z.object({ id: z.number().int(), user_name: z.string(), invited: z.boolean() });

/** PATCH /user/user/{id}: what an administrator may change; null clears a contact. */
export const updateUserInputSchema = z.object({
  real_name: z.string().trim().max(60).nullable().optional(),
  email: optionalEmail.nullable().optional(),
  telephone: optionalPhone.nullable().optional(),
  group_name: z.string().trim().max(60).nullable().optional(),
  disabled: z.boolean().optional(),
})
  // an unknown field is a typo or a change this call does not make: refused (1400 naming it), never silently ignored
  .strict();
export type UpdateUserInput = z.infer<typeof updateUserInputSchema>;

export const idParamSchema = z.object({ id: z.coerce.number().int().min(1) });

/** DELETE /user/user/{id}: disable by default; `hard=true` deletes a user nothing refers to. */
export const deleteUserQuerySchema = z.object({
  hard: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
});
export const deleteUserResultSchema = z.object({ id: z.number().int(), deleted: z.boolean(), disabled: z.boolean() });

/** GET /user/spec/user/{id}: `id` is the numeric id or the user name. */
export const userRefParamSchema = z.object({ id: userRefSchema });
export const userDetailSchema = adminUserSchema.extend({
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  administered_groups: z.array(z.string()),
  administered_communities: z.array(z.string()),
  permissions: z.array(z.string()),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/** GET /user/user_role: who holds which role. */
export const userRoleQuerySchema = pageQuerySchema.extend({
  field_eq_user_name: z.string().trim().max(60).optional(),
  field_eq_role_name: z.string().trim().max(60).optional(),
});
export const userRoleSchema = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  role_id: z.number().int(),
  role_name: z.string(),
});
export const userRoleListSchema = listSchema(userRoleSchema);
/** POST /user/user_role: makes the user's roles exactly `roles`. */
export const setUserRolesInputSchema = z.object({ user_name: userRefSchema, roles: z.array(z.string().trim().min(1).max(60)).max(50) }).strict();

/** POST /user/update_to_group_admin and /user/remove_group_admin; the group defaults to the user's own. */
export const groupAdminInputSchema = z
  .object({
    user_name: userRefSchema,
    group_name: z.preprocess(emptyToUndefined, z.string().trim().max(60).optional()),
  })
  .strict();

// ---- groups ----
export const groupListQuerySchema = pageQuerySchema.extend({ field_lk_name: z.string().trim().max(60).optional() });
export const groupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  member_count: z.number().int(),
  admins: z.array(z.string()),
  community_name: z.string().nullable(),
  created_at: z.string(),
});
export type Group = z.infer<typeof groupSchema>;
export const groupListSchema = listSchema(groupSchema);
export const groupInputSchema = z.object({ name: nameSchema, description: z.string().trim().max(200).default('') }).strict();
export const groupPatchSchema = z.object({ description: z.string().trim().max(200) }).strict();
export const groupNameParamSchema = z.object({ name: z.string().trim().min(1).max(60) });
export const memberInputSchema = z.object({ user_name: userRefSchema }).strict();
export const groupMemberParamSchema = z.object({ id: z.coerce.number().int().min(1), user_name: userRefSchema });
export const groupDetailSchema = groupSchema.extend({ members: z.array(adminUserSchema) });
export type GroupDetail = z.infer<typeof groupDetailSchema>;

// ---- communities ----
export const communitySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  groups: z.array(z.string()),
  admins: z.array(z.string()),
  created_at: z.string(),
});
export type Community = z.infer<typeof communitySchema>;
export const communityListSchema = listSchema(communitySchema);
export const communityListQuerySchema = pageQuerySchema.extend({ field_lk_name: z.string().trim().max(60).optional() });
export const communityInputSchema = groupInputSchema;
export const communityGroupInputSchema = z.object({ group_name: z.string().trim().min(1).max(60) }).strict();
export const communityMemberParamSchema = z.object({ id: z.coerce.number().int().min(1), name: z.string().trim().min(1).max(60) });

// ---- roles and the key catalogue ----
export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  builtin: z.boolean(),
  keys: z.array(z.string()),
  user_count: z.number().int(),
});
export type Role = z.infer<typeof roleSchema>;
export const roleListSchema = z.array(roleSchema);
export const roleInputSchema = z.object({
  name: nameSchema,
  description: z.string().trim().max(200).default(''),
  keys: z.array(permissionKeySchema).max(100),
}).strict();
export type RoleInput = z.input<typeof roleInputSchema>;
export const rolePatchSchema = z.object({
  description: z.string().trim().max(200).optional(),
  keys: z.array(permissionKeySchema).max(100).optional(),
}).strict();

export const operationSchema = z.object({
  key: z.string(),
  meanings: z.object({ en: z.string(), zh: z.string(), es: z.string(), ja: z.string() }),
  /** Console routes (spec §2) this key opens. */
  routes: z.array(z.string()),
  role_count: z.number().int(),
  grantable: z.boolean(),
});
export type Operation = z.infer<typeof operationSchema>;
export const operationListSchema = z.array(operationSchema);

// ---- bulk update (POST /user/update, timeout 3600) ----
export const bulkUpdateMaxRows = 2000;
export const bulkUpdateColumns = ['user_name', 'real_name', 'email', 'telephone', 'group_name', 'state', 'password'] as const;
export const bulkUpdateInputSchema = z.object({
  /** CSV text with a header row naming some of bulkUpdateColumns; user_name is required. */
  csv: z.string().min(1).max(1024 * 1024),
  /** Check every row and report, changing nothing. */
  dry_run: z.boolean().default(false),
}).strict();
export const bulkRowProblemSchema = z.object({ line: z.number().int(), user_name: z.string(), field: z.string(), message: z.string() });
export const bulkUpdateReportSchema = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.array(bulkRowProblemSchema),
  dry_run: z.boolean(),
});
export type BulkUpdateReport = z.infer<typeof bulkUpdateReportSchema>;

// ---- account switching (spec §4) ----
export const changeUserInputSchema = z.object({ user_name: z.string().trim().min(1, '用户名不能为空').max(60) }).strict();
/** The new token is the spec itself (spec §7: "returns code 200 and spec (new token)"). */
export const changeUserResultSchema = z.string();

// ---- admin audit page ----
export const auditQuerySchema = pageQuerySchema.extend({
  field_lk_user_name: z.string().trim().max(60).optional(),
  field_lk_target: z.string().trim().max(120).optional(),
  field_eq_action: z.string().trim().max(60).optional(),
  field_eq_result: z.enum(['ok', 'failed']).optional(),
  start_time: z.iso.datetime({ offset: true }).optional(),
  end_time: z.iso.datetime({ offset: true }).optional(),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;
export const auditEventSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  result: z.enum(['ok', 'failed']),
  user_name: z.string(),
  impersonator_name: z.string(),
  target: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  detail: z.string(),
  created_at: z.string(),
});
export type AuditEventRecord = z.infer<typeof auditEventSchema>;
export const auditEventListSchema = listSchema(auditEventSchema);
