import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '@starlight/contract/codes';
import { demoStatisticsSchema, reportParamsSchema, reportQuerySchema, reportSchema, type ReportName } from '@starlight/contract/statistics';
import { AppError } from '../../lib/app-error';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { hasAnyPermission } from '@starlight/contract/permissions';
import type { StatisticsService } from './statistics.service';

const tags = ['statistics'];
/**
 * The key that opens each report over everyone. active-users and resource carry the spec's own keys (§2);
 * the other five show other users' apps, private namespaces, approval nodes and tickets, so they need
 * query_all_user (the key that reads every user's data) — a plain signed-in user gets 1403.
 */
export const reportKeys: Record<ReportName, readonly string[]> = {
  'active-users': ['get_user_statistic_data'],
  resource: ['get_resources_statistic_data'],
  workflow: ['query_all_user'],
  app: ['query_all_user'],
  approval: ['query_all_user'],
  image: ['query_all_user'],
  ticket: ['query_all_user'],
};
/** The reports whose rows carry the group (the charge account), so field_eq_group applies. */
const groupedReports: ReadonlySet<ReportName> = new Set(['resource']);

export const statisticsRoutes: FastifyPluginAsyncZod<{ statistics: StatisticsService; generateDemo: () => Promise<{ rows: number; days: number }>; visibleGroupNames: (userId: number) => Promise<string[]> }> = async (
  app,
  { statistics, generateDemo, visibleGroupNames },
) => {
  app.get(
    '/statistics/report/:name',
    {
      // signed in; the report's key (reportKeys) is checked below per name: without it, only the resource
      // report filtered to a group the caller may see (their own, administered, or their community's)
      config: { perms: [] },
      schema: { tags, summary: 'A statistics report over a date range, grouped by day, week or month, optionally one group', params: reportParamsSchema, querystring: reportQuerySchema, response: replies(reportSchema) },
    },
    async (request) => {
      const { name } = request.params;
      const actor = actorOf(request);
      const group = request.query.field_eq_group;
      if (group !== undefined && !groupedReports.has(name))
        throw new AppError(Code.invalidInput, 'this report is not split by group', { fields: [{ path: 'query.field_eq_group', message: 'only the resource report takes a group' }] });
      if (!hasAnyPermission(reportKeys[name], actor.permissions)) {
        if (group === undefined || !groupedReports.has(name)) throw new AppError(Code.forbidden, 'permission denied');
        if (!(await visibleGroupNames(actor.userId)).includes(group))
          throw new AppError(Code.forbidden, 'not a group you may see', { fields: [{ path: 'query.field_eq_group', message: 'neither your group nor one you administer' }] });
      }
      return ok(request.id, 'report', await statistics.report(name, request.query));
    },
  );
  app.post(
    '/statistics/demo',
    { config: { perms: ['query_role'] }, schema: { tags, summary: 'Fill the reports with a generated year of activity (demo sites)', response: replies(demoStatisticsSchema) } },
    async (request) => ok(request.id, 'statistics_demo', await generateDemo()),
  );
};
