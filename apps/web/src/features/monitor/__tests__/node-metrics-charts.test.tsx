import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { NodeMetrics } from '@starlight/contract/monitor';
import { NodeMetricsCharts } from '../components/node-metrics-charts';

const base = { cluster: 'local', node: 'vm', start: 1_700_000_000, end: 1_700_003_600, step_seconds: 15 };
const empty = { cpu_percent: [], load1: [], load5: [], load15: [], memory_used_bytes: [], memory_total_bytes: [], disk_used_bytes: [], disk_total_bytes: [], net_rx_bytes_per_s: [], net_tx_bytes_per_s: [] };

describe('node metrics charts', () => {
  it('says "not configured" and what to do instead of drawing nothing', () => {
    const m: NodeMetrics = { ...base, configured: false, info: 'metrics not configured for cluster local', selector: null, series: null };
    render(<NodeMetricsCharts metrics={m} />);
    expect(screen.getByTestId('metrics-not-configured').textContent).toContain('Metrics are not configured for this cluster');
    expect(screen.getByTestId('metrics-not-configured').textContent).toContain("An administrator sets the cluster's Prometheus address");
    expect(screen.queryByTestId('metrics-charts')).toBeNull();
  });

  it('draws a chart for each series that has samples and says which have none', () => {
    const point = (v: number) => [[base.start, v], [base.start + 15, v]] as [number, number][];
    const m: NodeMetrics = { ...base, configured: true, info: null, selector: 'instance="vm:9100"', series: { ...empty, cpu_percent: point(12), load1: point(0.5), memory_used_bytes: point(1e9), memory_total_bytes: point(4e9) } };
    render(<NodeMetricsCharts metrics={m} />);
    expect(screen.getByTestId('chart-cpu')).toBeTruthy();
    expect(screen.getByTestId('chart-load')).toBeTruthy();
    expect(screen.getByTestId('chart-memory')).toBeTruthy();
    expect(screen.queryByTestId('chart-disk')).toBeNull();
    expect(screen.getAllByText('No data in this window')).toHaveLength(2); // disk, network
  });

  it('warns when Prometheus has no samples for the mapped node', () => {
    const m: NodeMetrics = { ...base, configured: true, info: 'Prometheus has no samples for instance="vm:9999" in this window', selector: 'instance="vm:9999"', series: empty };
    render(<NodeMetricsCharts metrics={m} />);
    expect(screen.getByTestId('metrics-no-samples').textContent).toContain('instance="vm:9999"');
  });
});
