import { Code } from '@starlight/contract/codes';
import { AppError } from '../../../lib/app-error';
import type { MetricsDriver } from '../interface';

/** No metrics source: the service shows `notConfiguredInfo` instead of drawing empty charts. */
export function createNoneMetrics(info = 'metrics not configured'): MetricsDriver {
  return {
    kind: 'none',
    configured: false,
    notConfiguredInfo: info,
    selectorFor: () => '',
    nodeSeries: () => Promise.reject(new AppError(Code.upstreamDown, info)),
  };
}
