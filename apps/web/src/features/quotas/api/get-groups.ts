import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { groupAvailabilitySchema, type GroupAvailability } from '@starlight/contract/quotas';
import { apiSpec } from '../../../lib/api-client';
import { quotasKey } from './quota-keys';

/** Every group with what it may use (Admin family); the grant form picks groups from it. */
export async function getGroupsAvailability(signal?: AbortSignal): Promise<GroupAvailability[]> {
  return z.array(groupAvailabilitySchema).parse(await apiSpec('/kcluster/partitions/groups/avaliable/admin', { signal, timeoutHeader: 15 }));
}

export const groupsAvailabilityQueryOptions = () =>
  queryOptions({ queryKey: [...quotasKey, 'groups'], queryFn: ({ signal }) => getGroupsAvailability(signal) });

export const useGroupsAvailability = () => useQuery(groupsAvailabilityQueryOptions());
