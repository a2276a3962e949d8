import type { NodeSeries } from '@starlight/contract/monitor';

/**
 * The metrics driver contract (ARCHITECTURE §1): node metrics over a time range, from Prometheus
 * (node_exporter's series) or from nowhere (`none`, which says so). Callers choose the step.
 */
export interface MetricsRange {
  start: Date;
  end: Date;
  stepSeconds: number;
}

/** How a scheduler node name becomes a Prometheus label matcher. */
export interface NodeMapping {
  /** The label naming a node's series, e.g. `instance`. */
  label: string;
  /** The label's value; `{node}` is replaced by the scheduler's node name, e.g. `{node}:9100`. */
  template: string;
  /** Exceptions: node name → label value. */
  map: Record<string, string>;
}

export interface MetricsDriver {
  readonly kind: 'prometheus' | 'none';
  /** False for `none`: `notConfiguredInfo` says why, and nothing is queried. */
  readonly configured: boolean;
  readonly notConfiguredInfo: string | null;
  /** The label matcher a node's series carry, e.g. `instance="n01:9100"`. */
  selectorFor(node: string): string;
  /** Every series the node page draws, over the range; a series Prometheus has no samples for is empty. */
  nodeSeries(node: string, range: MetricsRange): Promise<NodeSeries>;
}

export const defaultNodeMapping: NodeMapping = { label: 'instance', template: '{node}:9100', map: {} };
