import { z } from 'zod';
import { listSchema, pageQuerySchema } from './envelope';

/** What the audit log records (issue 3 §8); more actions join as their features land. */
export const auditActions = [
  'login', 'logout', 'register', 'password_change', 'password_reset',
  // administration (identity): who changed whom
  'user_create', 'user_update', 'user_disable', 'user_enable', 'user_delete', 'user_bulk_update', 'user_roles_change',
  'group_create', 'group_update', 'group_delete', 'group_member_add', 'group_member_remove',
  'group_admin_promote', 'group_admin_remove',
  'community_create', 'community_update', 'community_delete', 'community_group_add', 'community_group_remove',
  'community_admin_add', 'community_admin_remove',
  'role_create', 'role_update', 'role_delete',
  // account switching (spec §4): start, stop, and every request made while switched
  'impersonation_start', 'impersonation_stop', 'impersonated_request',
  // the user's own account (profile module, cloud session calls)
  'cloud_token', 'cloud_bind', 'email_change', 'telephone_change', 'avatar_change', 'profile_change', 'ssh_key_add', 'ssh_key_delete',
  'login_security_change', 'access_record_create', 'access_record_update', 'access_record_delete',
  // web shell sessions (modules/webssh): opened, closed (with why and how long)
  'webssh_open', 'webssh_close',
  // single sign-on (modules/sso): consents, third-party sites, external providers; external logins are 'login' with detail
  'oauth_consent', 'oauth_client_create', 'oauth_client_update', 'oauth_client_delete', 'external_provider_change',
  // grants and quotas (modules/quotas): target names the partition/cluster and the group or user
  'partition_grant_change', 'partition_grant_revoke', 'user_quota_change', 'cluster_quota_change',
  // hardware devices and node-metrics sources (modules/monitor): target names the device or the cluster
  'device_create', 'device_update', 'device_delete', 'metrics_settings_change', 'monitor_dashboard_change',
  // the outbox (modules/verification): every read, with its filters and how many secrets were masked
  'outbox_read',
  // the image hub (modules/images): every registry token decision, CLI secrets, visibility, deletes, administration
  'image_token', 'image_secret_create', 'image_secret_revoke', 'image_visibility_change', 'image_tag_delete',
  'image_registry_change', 'image_quota_change', 'image_gc',
] as const;
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
