import type { EChartsCoreOption } from 'echarts/core';
import { formatDate } from '@starlight/contract/format-time';

export interface LineSeries {
  name: string;
  points: readonly (readonly [number, number])[];
  area?: boolean;
}

/** Time axis labels: hours and minutes within a day, the date beyond it. */
const axisFormat = (spanSeconds: number) => (ms: number) => formatDate(ms, spanSeconds > 86_400 ? 'MM-DD HH:mm' : 'HH:mm');

/** A time-series line chart option: x in unix seconds (converted to ms), y formatted by `format`. */
export function lineOption({ series, start, end, format, max }: { series: LineSeries[]; start: number; end: number; format: (v: number) => string; max?: number }): EChartsCoreOption {
  return {
    animation: false,
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    legend: { top: 0, type: 'scroll' },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v: unknown) => (typeof v === 'number' ? format(v) : '-'),
    },
    xAxis: { type: 'time', min: start * 1000, max: end * 1000, axisLabel: { formatter: axisFormat(end - start), hideOverlap: true } },
    yAxis: { type: 'value', min: 0, max, axisLabel: { formatter: (v: number) => format(v) }, splitNumber: 4 },
    series: series.map((s) => ({
      name: s.name,
      type: 'line',
      showSymbol: false,
      connectNulls: false,
      areaStyle: s.area ? { opacity: 0.15 } : undefined,
      data: s.points.map(([t, v]) => [t * 1000, v]),
    })),
  };
}
