import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PermissionKey } from '@starlight/contract/permissions';
import {
  jobMetricsParamsSchema,
  jobMetricsSchema,
  metricsSettingsInputSchema,
  metricsSettingsParamsSchema,
  metricsSettingsSchema,
  nodeMetricsParamsSchema,
  nodeMetricsQuerySchema,
  nodeMetricsSchema,
} from '@starlight/contract/monitor';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { AuditRecorder } from '../audit/audit.service';
import { auditOf } from './audit-of';
import type { MetricsService } from './metrics.service';
import type { MonitorService } from './monitor.service';

const tags = ['monitor'];
const metricsAdmin: PermissionKey[] = ['metrics_manage'];
/** The job detail's readers; the service applies the detail's own ownership check. */
const jobReaders: PermissionKey[] = ['binded_account', 'query_others_job', 'query_by_group_name'];

/** Spec §2 /monitor/metrics [metrics_manage] and /job/info/:cluster/:jobIndex/monitor: node metrics from Prometheus. */
export const metricsRoutes: FastifyPluginAsyncZod<{ metrics: MetricsService; monitor: MonitorService; audit: AuditRecorder }> = async (app, { metrics, monitor, audit }) => {
  app.get(
    '/monitor/metrics/nodes/:cluster/:node',
    {
      config: { perms: metricsAdmin },
      schema: { tags, summary: 'CPU, load, memory, disk and network of one node over a window (1h, 6h, 24h, 7d)', params: nodeMetricsParamsSchema, querystring: nodeMetricsQuerySchema, response: replies(nodeMetricsSchema) },
    },
    async (request) => ok(request.id, 'metrics', await metrics.node(request.params.cluster, request.params.node, request.query, monitor.nodeNames)),
  );
  app.get(
    '/monitor/metrics/jobs/:cluster/:jobId',
    { config: { perms: jobReaders }, schema: { tags, summary: "A job's nodes over its lifetime", params: jobMetricsParamsSchema, response: replies(jobMetricsSchema) } },
    async (request) => ok(request.id, 'metrics', await metrics.job(actorOf(request), request.params.cluster, request.params.jobId)),
  );
  app.get(
    '/monitor/metrics/settings',
    { config: { perms: metricsAdmin }, schema: { tags, summary: "Each enabled cluster's metrics source (Prometheus URL, node mapping)", response: replies(z.array(metricsSettingsSchema)) } },
    async (request) => ok(request.id, 'metrics_settings', await metrics.settings()),
  );
  app.put(
    '/monitor/metrics/settings/:cluster',
    { config: { perms: metricsAdmin }, schema: { tags, summary: "Set a cluster's metrics source", params: metricsSettingsParamsSchema, body: metricsSettingsInputSchema, response: replies(metricsSettingsSchema) } },
    async (request) => {
      const settings = await metrics.putSettings(request.params.cluster, request.body);
      await audit.record({ action: 'metrics_settings_change', result: 'ok', ...auditOf(request), target: `cluster:${settings.cluster}`, detail: settings.driver === 'none' ? 'none' : `prometheus ${settings.url ?? ''}` });
      return ok(request.id, 'metrics_settings', settings);
    },
  );
  app.delete(
    '/monitor/metrics/settings/:cluster',
    { config: { perms: metricsAdmin }, schema: { tags, summary: "Back to the default source (the server's Prometheus for the local cluster, else none)", params: metricsSettingsParamsSchema, response: replies(metricsSettingsSchema) } },
    async (request) => {
      const settings = await metrics.removeSettings(request.params.cluster);
      await audit.record({ action: 'metrics_settings_change', result: 'ok', ...auditOf(request), target: `cluster:${settings.cluster}`, detail: `default (${settings.source})` });
      return ok(request.id, 'metrics_settings', settings);
    },
  );
};
