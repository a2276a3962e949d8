import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { metricsSettingsSchema, type MetricsSettings } from '@starlight/contract/monitor';
import { apiSpec } from '../../../lib/api-client';

export async function getMetricsSettings(signal?: AbortSignal): Promise<MetricsSettings[]> {
  return z.array(metricsSettingsSchema).parse(await apiSpec('/monitor/metrics/settings', { signal }));
}

export const metricsSettingsQueryOptions = () => queryOptions({ queryKey: ['monitor', 'metrics-settings'], queryFn: ({ signal }) => getMetricsSettings(signal) });

export function useMetricsSettings(enabled = true) {
  return useQuery({ ...metricsSettingsQueryOptions(), enabled });
}
