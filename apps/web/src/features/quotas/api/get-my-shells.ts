import { queryOptions, useQuery } from '@tanstack/react-query';
import { listSchema } from '@starlight/contract/envelope';
import { partitionWebSshSchema, type PartitionWebSsh } from '@starlight/contract/cluster-access';
import { apiSpec } from '../../../lib/api-client';
import { quotasKey, userQuotaStaleMs } from './quota-keys';

/**
 * The web shells I may open (GET /kcluster/partition_webssh): the server lists a bound user only the
 * enabled, non-private ones; an administrator sees every setting, so disabled ones are dropped here too.
 * Silent: the shells are an extra on the page, a failure only hides the buttons.
 */
export async function getMyShells(signal?: AbortSignal): Promise<PartitionWebSsh[]> {
  const list = listSchema(partitionWebSshSchema).parse(await apiSpec('/kcluster/partition_webssh', { query: { page: 1, page_size: 100 }, signal, silent: true }));
  return list.list.filter((s) => s.enabled);
}

export const myShellsQueryOptions = () =>
  queryOptions({ queryKey: [...quotasKey, 'shells', 'mine'], queryFn: ({ signal }) => getMyShells(signal), staleTime: userQuotaStaleMs });

/** Shell keys as `cluster/partition`, for a quick lookup next to each usable partition. */
export const useMyShells = () =>
  useQuery({ ...myShellsQueryOptions(), select: (rows) => new Set(rows.map((s) => `${s.cluster_name}/${s.partition}`)) });
