import {
  metricsMaxSpanSeconds,
  metricsStepFor,
  metricsWindowSeconds,
  type JobMetrics,
  type MetricsSettings,
  type MetricsSettingsInput,
  type NodeMetrics,
  type NodeMetricsQuery,
} from '@starlight/contract/monitor';
import { createMetrics } from '../../drivers/metrics/create-metrics';
import { defaultNodeMapping, type MetricsDriver } from '../../drivers/metrics/interface';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import type { ClusterRow, ClustersService } from '../clusters/clusters.service';
import type { JobsService } from '../jobs/jobs.service';
import type { MetricsSettingsRepo } from './metrics-settings.repo';

export interface MetricsEnvDefault {
  /** STARLIGHT_PROMETHEUS_URL: used by `local`-driver clusters (this host) without their own setting. */
  prometheusUrl: string | null;
  prometheusNodeLabel: string;
  prometheusNodeTemplate: string;
}

/** A job's nodes drawn at most: each node is ten range queries. */
export const jobMetricsMaxNodes = 16;
/** A job shorter than this is drawn over this much time, ending at its end, so there is something to see. */
const minJobSpanSeconds = 300;
const notConfigured = (cluster: string) =>
  `metrics not configured for cluster ${cluster}: an administrator sets its Prometheus URL (metrics settings)`;

/**
 * Node metrics per cluster: the cluster's own setting (monitor_metrics_settings), else, for the
 * embedded local cluster, the server's STARLIGHT_PROMETHEUS_URL, else none (which the page says).
 */
export function createMetricsService({ repo, clusters, jobs, env, now = () => new Date() }: { repo: MetricsSettingsRepo; clusters: ClustersService; jobs: JobsService; env: MetricsEnvDefault; now?: () => Date }) {
  async function settingsOf(cluster: ClusterRow): Promise<MetricsSettings> {
    const row = await repo.get(cluster.id);
    if (row)
      return {
        cluster: cluster.name,
        source: 'cluster',
        driver: row.driver === 'prometheus' ? 'prometheus' : 'none',
        url: row.url,
        node_label: row.nodeLabel ?? defaultNodeMapping.label,
        node_template: row.nodeTemplate ?? defaultNodeMapping.template,
        node_map: row.nodeMap,
      };
    if (env.prometheusUrl && cluster.driver === 'local')
      return { cluster: cluster.name, source: 'environment', driver: 'prometheus', url: env.prometheusUrl, node_label: env.prometheusNodeLabel, node_template: env.prometheusNodeTemplate, node_map: {} };
    return { cluster: cluster.name, source: 'none', driver: 'none', url: null, node_label: defaultNodeMapping.label, node_template: defaultNodeMapping.template, node_map: {} };
  }

  async function driverOf(cluster: ClusterRow): Promise<MetricsDriver> {
    const s = await settingsOf(cluster);
    if (s.driver === 'none' || !s.url) return createMetrics({ kind: 'none', info: notConfigured(cluster.name) });
    return createMetrics({ kind: 'prometheus', url: s.url, mapping: { label: s.node_label, template: s.node_template, map: s.node_map } });
  }

  async function clusterRow(name: string): Promise<ClusterRow> {
    const row = await clusters.rowByName(name);
    if (!row || row.kind !== 'hpc') throw notFound('cluster');
    return row;
  }

  async function nodeMetrics(cluster: ClusterRow, node: string, start: Date, end: Date): Promise<NodeMetrics> {
    const driver = await driverOf(cluster);
    const span = (end.getTime() - start.getTime()) / 1000;
    const step = metricsStepFor(span);
    const base = { cluster: cluster.name, node, start: start.getTime() / 1000, end: end.getTime() / 1000, step_seconds: step };
    if (!driver.configured) return { ...base, configured: false, info: driver.notConfiguredInfo, selector: null, series: null };
    const series = await driver.nodeSeries(node, { start, end, stepSeconds: step });
    const empty = Object.values(series).every((points) => points.length === 0);
    return { ...base, configured: true, info: empty ? `Prometheus has no samples for ${driver.selectorFor(node)} in this window` : null, selector: driver.selectorFor(node), series };
  }

  return {
    async settings(): Promise<MetricsSettings[]> {
      return Promise.all((await clusters.enabledHpcRows()).map(settingsOf));
    },

    async putSettings(clusterName: string, input: MetricsSettingsInput): Promise<MetricsSettings> {
      const cluster = await clusterRow(clusterName);
      await repo.put({
        clusterId: cluster.id,
        driver: input.driver,
        url: input.driver === 'prometheus' ? (input.url ?? null) : null,
        nodeLabel: input.node_label ?? null,
        nodeTemplate: input.node_template ?? null,
        nodeMap: input.node_map ?? {},
      });
      return settingsOf(cluster);
    },

    /** Back to the default (the environment's Prometheus for the local cluster, else none). */
    async removeSettings(clusterName: string): Promise<MetricsSettings> {
      const cluster = await clusterRow(clusterName);
      await repo.remove(cluster.id);
      return settingsOf(cluster);
    },

    /** One node over a window ending now (or at `end`); the node must be one the scheduler lists, when it answers. */
    async node(clusterName: string, node: string, query: NodeMetricsQuery, knownNodes: (cluster: ClusterRow) => Promise<string[] | null>): Promise<NodeMetrics> {
      const cluster = await clusterRow(clusterName);
      const names = await knownNodes(cluster);
      if (names && !names.includes(node)) throw notFound('node');
      const end = query.end ?? now();
      return nodeMetrics(cluster, node, new Date(end.getTime() - metricsWindowSeconds[query.window] * 1000), end);
    },

    /** A job's nodes over its lifetime (start → end, or now while it runs), after the job detail's own access check. */
    async job(actor: Actor, clusterName: string, jobId: string): Promise<JobMetrics> {
      const job = await jobs.lookup(actor, clusterName, jobId);
      const cluster = await clusterRow(clusterName);
      const running = job.end_time === null;
      const base = { cluster: cluster.name, job_id: job.job_id, state: job.state, running, nodes_total: job.nodes.length };
      if (!job.start_time) return { ...base, start: null, end: null, nodes: [] };
      const end = job.end_time ? new Date(job.end_time) : now();
      let start = new Date(job.start_time);
      if (end.getTime() - start.getTime() > metricsMaxSpanSeconds * 1000) start = new Date(end.getTime() - metricsMaxSpanSeconds * 1000);
      const from = end.getTime() - start.getTime() < minJobSpanSeconds * 1000 ? new Date(end.getTime() - minJobSpanSeconds * 1000) : start;
      const nodes = await Promise.all(job.nodes.slice(0, jobMetricsMaxNodes).map((node) => nodeMetrics(cluster, node, from, end)));
      return { ...base, start: start.getTime() / 1000, end: end.getTime() / 1000, nodes };
    },
  };
}

export type MetricsService = ReturnType<typeof createMetricsService>;
