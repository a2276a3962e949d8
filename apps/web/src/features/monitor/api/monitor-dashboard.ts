import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { monitorDashboardSchema, type MonitorDashboard } from '@starlight/contract/monitor';
import { apiSpec } from '../../../lib/api-client';

const key = ['monitor', 'dashboard'] as const;

export const useMonitorDashboard = () =>
  useQuery({ queryKey: key, queryFn: async ({ signal }) => monitorDashboardSchema.parse(await apiSpec('/monitor/dashboard', { signal })) });

/** Sets (a URL) or clears (null) the address. */
export function useSaveMonitorDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (url: string | null): Promise<MonitorDashboard> => monitorDashboardSchema.parse(await apiSpec('/monitor/dashboard', { method: 'PUT', body: { url } })),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
