import { z } from 'zod';
import { schedulerNameSchema } from './hpc';
import { jobSchema } from './jobs';
import { listSchema, pageQuerySchema } from './envelope';

/** Spec §2 /monitor [manage_monitor]: nodes and their states, allocation, and the jobs on them. */
export const monitorNodeSchema = z.object({
  cluster: z.string(),
  name: z.string(),
  /** Lower-case base state as sinfo shows it: idle, mixed, allocated, down, drained, … */
  state: z.string(),
  state_flags: z.array(z.string()),
  cpus_total: z.number().int(),
  cpus_alloc: z.number().int(),
  memory_total_mb: z.number().int(),
  memory_alloc_mb: z.number().int().nullable(),
  partitions: z.array(z.string()),
});
export type MonitorNode = z.infer<typeof monitorNodeSchema>;

export const monitorNodeListQuerySchema = z.object({
  field_eq_cluster: schedulerNameSchema.optional(),
  field_eq_state: z.string().max(32).optional(),
});
export type MonitorNodeListQuery = z.infer<typeof monitorNodeListQuerySchema>;

/** Clusters whose scheduler did not answer are named here rather than failing the whole list. */
export const monitorNodeListSchema = z.object({
  list: z.array(monitorNodeSchema),
  total: z.number().int(),
  unreachable: z.array(z.object({ cluster: z.string(), info: z.string() })),
});
export type MonitorNodeList = z.infer<typeof monitorNodeListSchema>;

export const monitorNodeParamsSchema = z.object({ cluster: schedulerNameSchema, node: schedulerNameSchema });

export const monitorNodeDetailSchema = monitorNodeSchema.extend({
  /** Active jobs allocated on this node, from the synced job copy. */
  jobs: z.array(jobSchema),
});
export type MonitorNodeDetail = z.infer<typeof monitorNodeDetailSchema>;

// ---------------------------------------------------------------- metrics (Prometheus)

/** The windows the metrics page offers; the step is chosen from the window (about 240 points). */
export const metricsWindows = ['1h', '6h', '24h', '7d'] as const;
export type MetricsWindow = (typeof metricsWindows)[number];
export const metricsWindowSeconds: Record<MetricsWindow, number> = { '1h': 3600, '6h': 6 * 3600, '24h': 86_400, '7d': 7 * 86_400 };
/** Steps Prometheus is asked for: the smallest giving at most `metricsMaxPoints` points over the span. */
export const metricsSteps = [15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200] as const;
export const metricsMaxPoints = 240;
/** The longest span one metrics call covers (a job's lifetime is clipped to its last 7 days). */
export const metricsMaxSpanSeconds = 7 * 86_400;

export function metricsStepFor(spanSeconds: number): number {
  return metricsSteps.find((s) => spanSeconds / s <= metricsMaxPoints) ?? metricsSteps[metricsSteps.length - 1]!;
}

/** Unix seconds, ms or ISO (as the job list's times). */
const instantSchema = z.union([
  z.string().regex(/^\d{9,13}$/).transform((s) => new Date(s.length > 10 ? Number(s) : Number(s) * 1000)),
  z.iso.datetime({ offset: true }).transform((s) => new Date(s)),
]);

export const nodeMetricsParamsSchema = monitorNodeParamsSchema;
export const nodeMetricsQuerySchema = z.object({
  window: z.enum(metricsWindows).default('1h'),
  /** An explicit end (default now); the span is the window before it. */
  end: instantSchema.optional(),
});
export type NodeMetricsQuery = z.infer<typeof nodeMetricsQuerySchema>;

/** [unix seconds, value]; a missing sample is simply absent. */
export const metricPointSchema = z.tuple([z.number(), z.number()]);
export const metricSeriesNames = [
  'cpu_percent',
  'load1',
  'load5',
  'load15',
  'memory_used_bytes',
  'memory_total_bytes',
  'disk_used_bytes',
  'disk_total_bytes',
  'net_rx_bytes_per_s',
  'net_tx_bytes_per_s',
] as const;
export type MetricSeriesName = (typeof metricSeriesNames)[number];
export const nodeSeriesSchema = z.object(
  Object.fromEntries(metricSeriesNames.map((n) => [n, z.array(metricPointSchema)])) as Record<MetricSeriesName, z.ZodArray<typeof metricPointSchema>>,
);
export type NodeSeries = z.infer<typeof nodeSeriesSchema>;

export const nodeMetricsSchema = z.object({
  cluster: z.string(),
  node: z.string(),
  /** False: this cluster has no metrics source (`info` says so); the page shows that instead of empty charts. */
  configured: z.boolean(),
  info: z.string().nullable(),
  /** The Prometheus selector the node was mapped to, e.g. `instance="n01:9100"`. */
  selector: z.string().nullable(),
  start: z.number(),
  end: z.number(),
  step_seconds: z.number().int(),
  series: nodeSeriesSchema.nullable(),
});
export type NodeMetrics = z.infer<typeof nodeMetricsSchema>;

export const jobMetricsParamsSchema = z.object({ cluster: schedulerNameSchema, jobId: z.string().regex(/^\d{1,10}$/, 'digits only') });
export const jobMetricsSchema = z.object({
  cluster: z.string(),
  job_id: z.string(),
  state: z.string(),
  /** The job's lifetime: start to end, or to now while it runs; null start: it has not started. */
  start: z.number().nullable(),
  end: z.number().nullable(),
  running: z.boolean(),
  /** How many nodes the job ran on; the first 16 are drawn. */
  nodes_total: z.number().int(),
  nodes: z.array(nodeMetricsSchema),
});
export type JobMetrics = z.infer<typeof jobMetricsSchema>;

// per-cluster metrics source
export const metricsDrivers = ['prometheus', 'none'] as const;
const promLabelName = z.string().regex(/^[a-zA-Z_][a-zA-Z0-9_]{0,63}$/, 'a Prometheus label name');
const labelValue = z
  .string()
  .min(1)
  .max(200)
  // eslint-disable-next-line no-control-regex
  .regex(/^[^"\\\u0000-\u001f]*$/, 'no quotes, backslashes or control characters');

export const metricsSettingsInputSchema = z
  .object({
    driver: z.enum(metricsDrivers),
    url: z
      .url({ protocol: /^https?$/, error: 'an http(s) URL' })
      .max(500)
      .optional(),
    /** The label that names a node's series (default `instance`). */
    node_label: promLabelName.optional(),
    /** The label's value for a node: `{node}` is the scheduler's node name (default `{node}:9100`). */
    node_template: labelValue.optional(),
    /** Exceptions: scheduler node name → label value. */
    node_map: z.record(schedulerNameSchema, labelValue).optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.driver === 'prometheus' && !s.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'required for prometheus' });
    if (s.node_map && Object.keys(s.node_map).length > 1000) ctx.addIssue({ code: 'custom', path: ['node_map'], message: 'at most 1000 entries' });
  });
export type MetricsSettingsInput = z.infer<typeof metricsSettingsInputSchema>;

export const metricsSettingsSchema = z.object({
  cluster: z.string(),
  /** cluster: set for this cluster; environment: STARLIGHT_PROMETHEUS_URL (the embedded local cluster); none: not configured. */
  source: z.enum(['cluster', 'environment', 'none']),
  driver: z.enum(metricsDrivers),
  url: z.string().nullable(),
  node_label: z.string(),
  node_template: z.string(),
  node_map: z.record(z.string(), z.string()),
});
export type MetricsSettings = z.infer<typeof metricsSettingsSchema>;
export const metricsSettingsParamsSchema = z.object({ cluster: schedulerNameSchema });

// ---------------------------------------------------------------- events

export const monitorEventTypes = ['node_state', 'job_failed'] as const;
export type MonitorEventType = (typeof monitorEventTypes)[number];

export const monitorEventSchema = z.object({
  id: z.number().int(),
  cluster: z.string(),
  type: z.enum(monitorEventTypes),
  /** The node whose state changed, or the nodes the failed job ran on. */
  nodes: z.array(z.string()),
  job_id: z.string().nullable(),
  /** node_state: the previous state (null: first seen); job_failed: null. */
  from_state: z.string().nullable(),
  to_state: z.string(),
  info: z.string(),
  time: z.string(),
});
export type MonitorEvent = z.infer<typeof monitorEventSchema>;

export const monitorEventListQuerySchema = pageQuerySchema.extend({
  field_eq_cluster: schedulerNameSchema.optional(),
  field_eq_node: schedulerNameSchema.optional(),
  field_eq_type: z.enum(monitorEventTypes).optional(),
  start_time: instantSchema.optional(),
  end_time: instantSchema.optional(),
});
export type MonitorEventListQuery = z.infer<typeof monitorEventListQuerySchema>;
export const monitorEventListSchema = listSchema(monitorEventSchema);

// ---------------------------------------------------------------- summary

export const monitorSummarySchema = z.object({
  clusters: z.array(z.object({ cluster: z.string(), reachable: z.boolean(), info: z.string().nullable(), nodes: z.number().int() })),
  nodes_total: z.number().int(),
  nodes_by_state: z.record(z.string(), z.number().int()),
  cpus_total: z.number().int(),
  cpus_alloc: z.number().int(),
  memory_total_mb: z.number().int(),
  /** Null when no node reports allocated memory (the local queue does not count it). */
  memory_alloc_mb: z.number().int().nullable(),
  jobs_running: z.number().int(),
  jobs_pending: z.number().int(),
  jobs_failed_24h: z.number().int(),
  recent_events: z.array(monitorEventSchema),
});
export type MonitorSummary = z.infer<typeof monitorSummarySchema>;

// ---------------------------------------------------------------- hardware devices (spec §3, §7)

export const deviceTypes = ['compute', 'gpu', 'storage', 'network', 'power', 'other'] as const;
export const deviceStatuses = ['in_service', 'maintenance', 'faulty', 'retired'] as const;
// eslint-disable-next-line no-control-regex
const plainText = /^[^\u0000-\u001f\u007f]*$/;

const deviceFields = {
  name: z.string().trim().min(1).max(64).regex(plainText, 'no control characters'),
  type: z.enum(deviceTypes),
  /** A registered cluster's name; the node, when given, is one of its scheduler's nodes by name. */
  cluster: schedulerNameSchema.nullable().optional(),
  node: schedulerNameSchema.nullable().optional(),
  serial: z
    .string()
    .trim()
    .max(64)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'letters, digits, . _ / - (starting with a letter or digit)')
    .nullable()
    .optional(),
  location: z.string().trim().max(128).regex(plainText, 'no control characters').nullable().optional(),
  status: z.enum(deviceStatuses),
  notes: z.string().max(2000).nullable().optional(),
};

export const deviceCreateInputSchema = z
  .object({ ...deviceFields, status: deviceFields.status.default('in_service') })
  .strict()
  .refine((d) => !d.node || d.cluster, { path: ['node'], message: 'a node needs its cluster' });
export type DeviceCreateInput = z.infer<typeof deviceCreateInputSchema>;

export const devicePatchInputSchema = z
  .object({
    name: deviceFields.name.optional(),
    type: deviceFields.type.optional(),
    cluster: deviceFields.cluster,
    node: deviceFields.node,
    serial: deviceFields.serial,
    location: deviceFields.location,
    status: deviceFields.status.optional(),
    notes: deviceFields.notes,
  })
  .strict()
  .refine((d) => Object.keys(d).length > 0, { message: 'nothing to change' });
export type DevicePatchInput = z.infer<typeof devicePatchInputSchema>;

export const deviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(deviceTypes),
  cluster: z.string().nullable(),
  node: z.string().nullable(),
  serial: z.string().nullable(),
  location: z.string().nullable(),
  status: z.enum(deviceStatuses),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Device = z.infer<typeof deviceSchema>;

export const deviceListQuerySchema = pageQuerySchema.extend({
  field_eq_cluster: schedulerNameSchema.optional(),
  field_eq_type: z.enum(deviceTypes).optional(),
  field_eq_status: z.enum(deviceStatuses).optional(),
  /** Name, serial or location contains. */
  field_lk_name: z.string().max(64).optional(),
});
export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;
export const deviceListSchema = listSchema(deviceSchema);
export const deviceParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/**
 * The external monitoring dashboard (spec §2 /cluster-partition monitor-dashboard [platform_monitor]):
 * its address, set at run time by a monitoring administrator (metrics_manage); null clears it.
 */
export const monitorDashboardInputSchema = z
  .object({
    url: z
      .url({ protocol: /^https?$/, error: 'an http(s) URL' })
      .max(2000)
      .nullable(),
  })
  .strict();
export type MonitorDashboardInput = z.infer<typeof monitorDashboardInputSchema>;
export const monitorDashboardSchema = z.object({
  url: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type MonitorDashboard = z.infer<typeof monitorDashboardSchema>;
