import { queryOptions, useQuery } from '@tanstack/react-query';
import { listSchema, type List } from '@starlight/contract/envelope';
import { groupAvailabilitySchema, userAvailabilitySchema, userQuotaSchema, type GroupAvailability, type UserAvailability, type UserQuota } from '@starlight/contract/quotas';
import { apiSpec } from '../../../lib/api-client';
import { quotasKey, userQuotaStaleMs } from './quota-keys';

/** The partitions my group may use (the group admin's starting point). */
export async function getMyGroupPartitions(signal?: AbortSignal): Promise<GroupAvailability> {
  return groupAvailabilitySchema.parse(await apiSpec('/kcluster/partitions/available/group', { signal }));
}

/** User quotas of the members of the groups I administer, on one partition. */
export async function getMemberQuotas(partitionName: string, clusterName: string, signal?: AbortSignal): Promise<List<UserQuota>> {
  return listSchema(userQuotaSchema).parse(
    await apiSpec('/kcluster/partitions/userquotas/GAdmin', {
      query: { field_eq_cluster_name: clusterName, field_eq_partition_name: partitionName, page: 1, page_size: 100 },
      signal,
    }),
  );
}

/** My members who may use partition {id}. */
export async function getPartitionMembers(partitionId: number, signal?: AbortSignal): Promise<List<UserAvailability>> {
  return listSchema(userAvailabilitySchema).parse(await apiSpec(`/kcluster/hpc/partitions/users/available/${partitionId}`, { query: { page: 1, page_size: 100 }, signal }));
}

export const myGroupPartitionsQueryOptions = () =>
  queryOptions({ queryKey: [...quotasKey, 'group', 'mine'], queryFn: ({ signal }) => getMyGroupPartitions(signal), staleTime: userQuotaStaleMs });

export const useMyGroupPartitions = () => useQuery(myGroupPartitionsQueryOptions());

/** Members of one partition with their quotas, merged: members excluded by a quota still show (with it). */
export function usePartitionMemberQuotas(partition: { id: number; name: string; cluster_name: string } | undefined) {
  return useQuery({
    queryKey: [...quotasKey, 'members', partition?.id],
    enabled: !!partition,
    queryFn: async ({ signal }) => {
      const [members, quotas] = await Promise.all([getPartitionMembers(partition!.id, signal), getMemberQuotas(partition!.name, partition!.cluster_name, signal)]);
      const rows = new Map<string, { user_name: string; quota: UserQuota | null }>();
      for (const member of members.list) rows.set(member.user_name, { user_name: member.user_name, quota: null });
      for (const quota of quotas.list) rows.set(quota.user_name, { user_name: quota.user_name, quota });
      return [...rows.values()].sort((a, b) => a.user_name.localeCompare(b.user_name));
    },
  });
}
