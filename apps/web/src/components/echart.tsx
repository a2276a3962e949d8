import { useEffect, useRef } from 'react';
import { init, use as registerCharts, type EChartsCoreOption, type EChartsType } from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

// only what the pages draw (monitor, fees, statistics): this file is reached from lazy pages, so the login page loads none of it
registerCharts([LineChart, PieChart, BarChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, SVGRenderer]);

export type { EChartsCoreOption };

interface EChartProps {
  option: EChartsCoreOption;
  height?: number;
  'data-testid'?: string;
  ariaLabel?: string;
}

/** A thin ECharts wrapper: one instance per element, options replaced on change, resized with its box. */
export function EChart({ option, height = 240, ariaLabel, ...rest }: EChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

  useEffect(() => {
    const el = element.current;
    if (!el) return undefined;
    // SVG: crisp at any zoom, light for a few hundred points, and printable
    const instance = init(el, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={element} role="img" aria-label={ariaLabel} style={{ width: '100%', height }} data-testid={rest['data-testid']} />;
}
