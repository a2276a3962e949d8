import { z } from 'zod';

/** Every permission key the spec names (§2, §6). Roles hold keys; users hold roles. */
export const permissionKeys = [
  'binded_account',
  'change_user',
  'create_app_by_admin',
  'query_partitions_admin',
  'manage_label',
  'query_by_group_name',
  'query_others_job',
  'manage_monitor',
  'metrics_manage',
  'query_book_stack',
  'create_start_datasource',
  'user_order_create_gadmin',
  'community_3rd_admin',
  'query_all_user',
  // ours: the spec's query_all_user reads (it gates the user-center pages); managing is this separate key
  'manage_all_user',
  'query_role',
  'online_goods_admin',
  'dchub-basic-admin',
  'kcluster_cluster_user',
  'kcluster_clusters_admin',
  'query_kcluster_quotas_gadmin',
  'query_partitions_user_quotas_ga',
  'udt_client_manage',
  'platform_monitor',
  'get_star_documents_admin',
  'manage_mei',
  'query_all_audit',
  'manage_approval',
  'query_all_user_approval',
  'get_user_statistic_data',
  'get_resources_statistic_data',
  // ours: the spec names no key for the support desk (issue 11: staff with the ticket permission see every ticket)
  'manage_ticket',
  // ours: message templates and sending them to groups or everyone (issue 11)
  'manage_message_template',
] as const;

export type PermissionKey = (typeof permissionKeys)[number];

/**
 * The platform's top permission: whoever holds query_role can grant any key to anyone, themselves included,
 * so it is the one key that implies every other. Secrets kept for others (the outbox) need it: nobody
 * reads one who could not already take the account some other way.
 */
export const topPermission: PermissionKey = 'query_role';

export const permissionKeySchema = z.enum(permissionKeys);

export function isPermissionKey(value: string): value is PermissionKey {
  return (permissionKeys as readonly string[]).includes(value);
}

/**
 * Spec §5: a check passes when the required list is empty or any listed key is held.
 * The one filter the router, sidebar, breadcrumb, tags view and PermissionGate all use.
 */
export function hasAnyPermission(required: readonly string[] | undefined, held: readonly string[]): boolean {
  if (!required || required.length === 0) return true;
  return required.some((key) => held.includes(key));
}

/** Status bits of a user (spec §3, §6). */
export const StatusBit = { boundAccount: 1, cloudBound: 64 } as const;

export function hasStatusBit(status: number, bit: number): boolean {
  return (status & bit) === bit;
}
