import { queryOptions, useQuery } from '@tanstack/react-query';
import { groupCpuHoursSchema, userCpuHoursSchema, type GroupCpuHours, type UserCpuHours } from '@starlight/contract/fees';
import { apiRequest, apiSpec } from '../../../lib/api-client';
import { loadGroupRecord } from '../fee-store';
import { cpuHoursStaleMs, feesKey } from './get-fee-status';

export async function getMyCpuHours(signal?: AbortSignal): Promise<UserCpuHours> {
  return userCpuHoursSchema.parse(await apiSpec('/fee/cpuhours/user', { signal }));
}
export const useMyCpuHours = () => useQuery(queryOptions({ queryKey: [...feesKey, 'mine'], queryFn: ({ signal }) => getMyCpuHours(signal), staleTime: cpuHoursStaleMs }));

/** A group's CPU-hours record (§4: reloaded only when stale for an hour or failed; shared loads). */
export function getGroupCpuHours(groupId: number): Promise<GroupCpuHours> {
  return loadGroupRecord(groupId, async () => {
    const envelope = await apiRequest(`/fee/hpc/cpuhours/${groupId}`);
    return { code: envelope.code, spec: groupCpuHoursSchema.parse(envelope.spec) };
  });
}
export const useGroupCpuHours = (groupId: number | undefined) =>
  useQuery(queryOptions({ queryKey: [...feesKey, 'group', groupId], queryFn: () => getGroupCpuHours(groupId!), enabled: groupId !== undefined, staleTime: cpuHoursStaleMs }));
