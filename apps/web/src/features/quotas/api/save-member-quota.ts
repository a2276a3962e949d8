import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userQuotaChangeSchema, type UserQuotaChange, type UserQuotaInput } from '@starlight/contract/quotas';
import { apiSpec } from '../../../lib/api-client';
import { availabilityKey, quotasKey } from './quota-keys';

/** A group administrator sets one member's quota on a partition (created when absent). */
export async function saveMemberQuota(partitionId: number, userName: string, input: UserQuotaInput): Promise<UserQuotaChange> {
  return userQuotaChangeSchema.parse(
    await apiSpec(`/kcluster/partitions/${partitionId}/userquotasGAdmin/${encodeURIComponent(userName)}`, { method: 'PATCH', body: input, timeoutHeader: 15 }),
  );
}

export function useSaveMemberQuota() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ partitionId, userName, input }: { partitionId: number; userName: string; input: UserQuotaInput }) => saveMemberQuota(partitionId, userName, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: quotasKey });
      await queryClient.invalidateQueries({ queryKey: availabilityKey });
    },
  });
}
