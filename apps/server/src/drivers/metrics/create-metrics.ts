import type { MetricsDriver, NodeMapping } from './interface';
import { createNoneMetrics } from './none/none-metrics';
import { createPrometheusMetrics } from './prometheus/prometheus-metrics';

export type MetricsConfig = { kind: 'none'; info?: string } | { kind: 'prometheus'; url: string; mapping: NodeMapping; timeoutMs?: number };

export function createMetrics(config: MetricsConfig): MetricsDriver {
  return config.kind === 'prometheus' ? createPrometheusMetrics(config) : createNoneMetrics(config.info);
}
