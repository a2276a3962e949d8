import { permissionKeys, type PermissionKey } from '@starlight/contract/permissions';

export const platformAdminRole = 'platform-admin';
/** Administrators of a group receive this role's keys through the group they manage. */
export const groupAdminRole = 'group-admin';
/** Administrators of a community receive this role's keys through the community they manage. */
export const communityAdminRole = 'community-admin';

export interface RoleDefinition {
  name: string;
  description: string;
  keys: readonly PermissionKey[];
}

/** Roles defined by code; their keys are brought in line with these definitions at every start. */
export const builtinRoles: readonly RoleDefinition[] = [
  {
    name: platformAdminRole,
    description: 'Platform administrator: every permission key (binded_account follows the bound account, not roles)',
    keys: permissionKeys.filter((key) => key !== 'binded_account'),
  },
  {
    name: groupAdminRole,
    description: 'Granted to the administrators of a group',
    keys: ['user_order_create_gadmin', 'query_by_group_name', 'query_kcluster_quotas_gadmin', 'query_partitions_user_quotas_ga'],
  },
  {
    name: communityAdminRole,
    description: 'Granted to the administrators of a community',
    keys: ['community_3rd_admin'],
  },
];
