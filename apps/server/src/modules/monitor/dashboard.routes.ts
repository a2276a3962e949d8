import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PermissionKey } from '@starlight/contract/permissions';
import { monitorDashboardInputSchema, monitorDashboardSchema } from '@starlight/contract/monitor';
import { ok, replies } from '../../lib/envelope';
import type { AuditRecorder } from '../audit/audit.service';
import { auditOf } from './audit-of';
import type { DashboardService } from './dashboard.service';

const tags = ['monitor'];
/** Who opens the dashboard (the route's key) and who sets it (the monitoring administrator). */
const readers: PermissionKey[] = ['platform_monitor', 'metrics_manage'];
const editors: PermissionKey[] = ['metrics_manage'];

/** The external monitoring dashboard's address, a run-time setting (spec §2 /cluster-partition monitor-dashboard). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService; audit: AuditRecorder }> = async (app, { dashboard, audit }) => {
  app.get(
    '/monitor/dashboard',
    { config: { perms: readers }, schema: { tags, summary: 'The external monitoring dashboard address (null: not set)', response: replies(monitorDashboardSchema) } },
    async (request) => ok(request.id, 'monitor_dashboard', await dashboard.get()),
  );
  app.put(
    '/monitor/dashboard',
    { config: { perms: editors }, schema: { tags, summary: 'Sets (url) or clears (null) the dashboard address', body: monitorDashboardInputSchema, response: replies(monitorDashboardSchema) } },
    async (request) => {
      const { url } = request.body;
      const saved = await dashboard.set(url);
      await audit.record({ action: 'monitor_dashboard_change', result: 'ok', ...auditOf(request), target: 'monitor:dashboard', detail: url ?? 'cleared' });
      return ok(request.id, 'monitor_dashboard', saved);
    },
  );
};
