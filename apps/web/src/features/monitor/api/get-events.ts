import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { monitorEventListSchema, type MonitorEvent, type MonitorEventType } from '@starlight/contract/monitor';
import type { List } from '@starlight/contract/envelope';
import { apiSpec } from '../../../lib/api-client';

export interface EventFilters {
  page: number;
  pageSize: number;
  cluster?: string;
  node?: string;
  type?: MonitorEventType;
  /** Unix seconds. */
  from?: number;
  before?: number;
}

export async function getEvents(f: EventFilters, signal?: AbortSignal): Promise<List<MonitorEvent>> {
  const query = {
    page: f.page,
    page_size: f.pageSize,
    field_eq_cluster: f.cluster,
    field_eq_node: f.node,
    field_eq_type: f.type,
    start_time: f.from,
    end_time: f.before,
  };
  return monitorEventListSchema.parse(await apiSpec('/monitor/events', { query, signal }));
}

export const eventsQueryOptions = (f: EventFilters) =>
  queryOptions({ queryKey: ['monitor', 'events', f], queryFn: ({ signal }) => getEvents(f, signal), placeholderData: keepPreviousData, refetchInterval: 30_000 });

export function useEvents(f: EventFilters) {
  return useQuery(eventsQueryOptions(f));
}
