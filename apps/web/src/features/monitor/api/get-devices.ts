import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { deviceListSchema, type Device } from '@starlight/contract/monitor';
import type { List } from '@starlight/contract/envelope';
import { apiSpec } from '../../../lib/api-client';

export interface DeviceFilters {
  page: number;
  pageSize: number;
  cluster?: string;
  type?: Device['type'];
  status?: Device['status'];
  text?: string;
}

export async function getDevices(f: DeviceFilters, signal?: AbortSignal): Promise<List<Device>> {
  const query = { page: f.page, page_size: f.pageSize, field_eq_cluster: f.cluster, field_eq_type: f.type, field_eq_status: f.status, field_lk_name: f.text };
  return deviceListSchema.parse(await apiSpec('/resource/hardware/devices', { query, signal }));
}

export const devicesQueryOptions = (f: DeviceFilters) =>
  queryOptions({ queryKey: ['monitor', 'devices', f], queryFn: ({ signal }) => getDevices(f, signal), placeholderData: keepPreviousData });

export function useDevices(f: DeviceFilters) {
  return useQuery(devicesQueryOptions(f));
}
