import { z } from 'zod';
import { schedulerNameSchema } from './hpc';
import { jobSchema } from './jobs';

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
