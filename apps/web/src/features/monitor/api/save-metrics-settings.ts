import { useMutation, useQueryClient } from '@tanstack/react-query';
import { metricsSettingsSchema, type MetricsSettings, type MetricsSettingsInput } from '@starlight/contract/monitor';
import { apiSpec } from '../../../lib/api-client';

export async function putMetricsSettings(cluster: string, input: MetricsSettingsInput): Promise<MetricsSettings> {
  return metricsSettingsSchema.parse(await apiSpec(`/monitor/metrics/settings/${encodeURIComponent(cluster)}`, { method: 'PUT', body: input }));
}

export async function resetMetricsSettings(cluster: string): Promise<MetricsSettings> {
  return metricsSettingsSchema.parse(await apiSpec(`/monitor/metrics/settings/${encodeURIComponent(cluster)}`, { method: 'DELETE' }));
}

/** Saves (input) or resets (null) a cluster's metrics source, then redraws every chart. */
export function useSaveMetricsSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cluster, input }: { cluster: string; input: MetricsSettingsInput | null }) => (input ? putMetricsSettings(cluster, input) : resetMetricsSettings(cluster)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['monitor'] }),
  });
}
