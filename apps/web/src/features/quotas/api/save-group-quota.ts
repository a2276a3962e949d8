import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  groupQuotaChangeSchema,
  type GroupQuotaChange,
  type GroupQuotaCreateInput,
  type GroupQuotaPatchInput,
} from '@starlight/contract/quotas';
import { apiSpec } from '../../../lib/api-client';
import { availabilityKey, quotasKey } from './quota-keys';

export async function grantPartition(input: GroupQuotaCreateInput): Promise<GroupQuotaChange> {
  return groupQuotaChangeSchema.parse(await apiSpec('/kcluster/partitions/groupquotas', { method: 'POST', body: input, timeoutHeader: 15 }));
}

export async function updateGrant(id: number, patch: GroupQuotaPatchInput): Promise<GroupQuotaChange> {
  return groupQuotaChangeSchema.parse(await apiSpec(`/kcluster/partitions/groupquotas/${id}`, { method: 'PATCH', body: patch, timeoutHeader: 15 }));
}

/** groupId 0: the every-group grant. */
export async function revokeGrant(partitionId: number, groupId: number): Promise<GroupQuotaChange> {
  return groupQuotaChangeSchema.parse(await apiSpec(`/kcluster/partitions/${partitionId}/groupquotas/${groupId}`, { method: 'DELETE', timeoutHeader: 15 }));
}

type GrantChange =
  | { kind: 'grant'; input: GroupQuotaCreateInput }
  | { kind: 'update'; id: number; patch: GroupQuotaPatchInput }
  | { kind: 'revoke'; partitionId: number; groupId: number };

/** Any change to a grant; every quota view and the cached availability are refreshed after it. */
export function useChangeGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: GrantChange) =>
      change.kind === 'grant' ? grantPartition(change.input) : change.kind === 'update' ? updateGrant(change.id, change.patch) : revokeGrant(change.partitionId, change.groupId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: quotasKey });
      await queryClient.invalidateQueries({ queryKey: availabilityKey });
    },
  });
}
