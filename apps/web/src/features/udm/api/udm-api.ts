import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listSchema } from '@starlight/contract/envelope';
import { dataSourceSchema, datasetSchema, transferSchema, type DataSourceCreate, type DatasetCreate } from '@starlight/contract/udm';
import { apiSpec } from '../../../lib/api-client';

const key = ['udm'] as const;
const active = (state: string) => state === 'queued' || state === 'running';

export const useDatasets = () => useQuery({ queryKey: [...key, 'datasets'], queryFn: async ({ signal }) => listSchema(datasetSchema).parse(await apiSpec('/udm/dataset', { signal })) });
export const useDataset = (id: number) => useQuery({ queryKey: [...key, 'dataset', id], queryFn: async ({ signal }) => datasetSchema.parse(await apiSpec(`/udm/dataset/${id}`, { signal })), enabled: id > 0 });
export const useSources = () => useQuery({ queryKey: [...key, 'sources'], queryFn: async ({ signal }) => listSchema(dataSourceSchema).parse(await apiSpec('/udm/datasource', { signal })) });
/** Transfers poll every 2 s while one runs (progress and speed). */
export const useTransfers = () =>
  useQuery({
    queryKey: [...key, 'transfers'],
    queryFn: async ({ signal }) => listSchema(transferSchema).parse(await apiSpec('/udm/transfer', { signal })),
    refetchInterval: (q) => (q.state.data?.list.some((t) => active(t.state)) ? 2000 : false),
  });
export const useTransfer = (id: number) =>
  useQuery({
    queryKey: [...key, 'transfer', id],
    queryFn: async ({ signal }) => transferSchema.parse(await apiSpec(`/udm/transfer/${id}`, { signal })),
    enabled: id > 0,
    refetchInterval: (q) => (q.state.data && active(q.state.data.state) ? 2000 : false),
  });

function useUdmMutation<A, R>(run: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => client.invalidateQueries({ queryKey: key }) });
}
export const useCreateDataset = () => useUdmMutation(async (input: Partial<DatasetCreate> & Pick<DatasetCreate, 'name' | 'paths'>) => datasetSchema.parse(await apiSpec('/udm/dataset', { method: 'POST', body: input })));
export const useDeleteDataset = () => useUdmMutation((id: number) => apiSpec(`/udm/dataset/${id}`, { method: 'DELETE' }));
export const useCreateSource = () => useUdmMutation(async (input: DataSourceCreate) => dataSourceSchema.parse(await apiSpec('/udm/datasource', { method: 'POST', body: input })));
export const useStartSource = () => useUdmMutation(async (id: number) => transferSchema.parse(await apiSpec(`/udm/datasource/${id}/start`, { method: 'POST' })));
