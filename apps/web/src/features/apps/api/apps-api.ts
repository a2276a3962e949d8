import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { appDetailSchema, appSchema, finishedRunStates, runDetailSchema, runSchema, type Run, type RunLaunch, type RunState } from '@starlight/contract/apps';
import { listSchema } from '@starlight/contract/envelope';
import { apiBlob, apiSpec } from '../../../lib/api-client';

/** Unfinished runs refresh every 3 s; the server re-reads the engine on each read. */
export const runRefreshMs = 3_000;
const isActive = (state: RunState) => !finishedRunStates.includes(state);

export interface AppListQuery {
  page: number;
  pageSize: number;
  search: string;
  labels: number[];
  scope: 'visible' | 'mine' | 'all';
}

export const appsQueryOptions = (q: AppListQuery) =>
  queryOptions({
    queryKey: ['apps', 'list', q] as const,
    queryFn: async ({ signal }) =>
      listSchema(appSchema).parse(
        await apiSpec('/app/apps', { signal, query: { page: q.page, page_size: q.pageSize, field_lk_name: q.search || undefined, field_eq_label: q.labels, scope: q.scope } }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
export const useApps = (q: AppListQuery) => useQuery(appsQueryOptions(q));

export const useApp = (name: string, version?: number) =>
  useQuery({
    queryKey: ['apps', 'detail', name, version ?? null] as const,
    queryFn: async ({ signal }) => appDetailSchema.parse(await apiSpec(`/app/apps/${encodeURIComponent(name)}`, { signal, query: { version } })),
    staleTime: 10_000,
  });

/**
 * Saves a version's CWL file as the server exports it (byte for byte). Fetched with the token header, as a plain
 * `<a href download>` would send none and save a 1300 envelope instead.
 */
export async function exportAppFile(name: string, version: number, fileName: string): Promise<void> {
  const { blob } = await apiBlob(`/app/apps/${encodeURIComponent(name)}/export`, { query: { version } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName.split('/').pop() || `${name}.cwl`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useLaunchRun(app: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RunLaunch): Promise<Run> => runSchema.parse(await apiSpec(`/app/apps/${encodeURIComponent(app)}/runs`, { method: 'POST', body: input })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['runs'] }),
  });
}

export interface RunListQuery {
  page: number;
  pageSize: number;
  states: RunState[];
  app: string;
}

export const useRuns = (q: RunListQuery) =>
  useQuery({
    queryKey: ['runs', 'list', q] as const,
    queryFn: async ({ signal }) =>
      listSchema(runSchema).parse(await apiSpec('/app/runs', { signal, query: { page: q.page, page_size: q.pageSize, field_eq_state: q.states, field_eq_app: q.app || undefined } })),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.list.some((r) => isActive(r.state)) ? runRefreshMs : false),
  });

export const useRun = (app: string, uuid: string) =>
  useQuery({
    queryKey: ['runs', 'detail', app, uuid] as const,
    queryFn: async ({ signal }) => runDetailSchema.parse(await apiSpec(`/app/runs/${encodeURIComponent(app)}/${encodeURIComponent(uuid)}`, { signal })),
    refetchInterval: (query) => (query.state.data && !isActive(query.state.data.state) ? false : runRefreshMs),
  });

export function useCancelRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ app, uuid }: { app: string; uuid: string }) => runSchema.parse(await apiSpec(`/app/runs/${encodeURIComponent(app)}/${encodeURIComponent(uuid)}`, { method: 'DELETE' })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['runs'] }),
  });
}
