import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '@starlight/contract/codes';
import { demoStatisticsSchema, reportParamsSchema, reportQuerySchema, reportSchema, type ReportName } from '@starlight/contract/statistics';
import { AppError } from '../../lib/app-error';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { hasAnyPermission } from '@starlight/contract/permissions';
import type { StatisticsService } from './statistics.service';

const tags = ['statistics'];
/** The keys the spec puts on the report pages (§2); the other five pages are open in the spec's route tree. */
const reportKeys: Partial<Record<ReportName, readonly string[]>> = {
  'active-users': ['get_user_statistic_data'],
  resource: ['get_resources_statistic_data'],
};

export const statisticsRoutes: FastifyPluginAsyncZod<{ statistics: StatisticsService; generateDemo: () => Promise<{ rows: number; days: number }> }> = async (app, { statistics, generateDemo }) => {
  app.get(
    '/statistics/report/:name',
    {
      // signed in; the report's own key (get_user_statistic_data, get_resources_statistic_data) is checked below per name
      config: { perms: [] },
      schema: { tags, summary: 'A statistics report over a date range, grouped by day, week or month', params: reportParamsSchema, querystring: reportQuerySchema, response: replies(reportSchema) },
    },
    async (request) => {
      const keys = reportKeys[request.params.name];
      if (keys && !hasAnyPermission(keys, actorOf(request).permissions)) throw new AppError(Code.forbidden, 'permission denied');
      return ok(request.id, 'report', await statistics.report(request.params.name, request.query));
    },
  );
  app.post(
    '/statistics/demo',
    { config: { perms: ['query_role'] }, schema: { tags, summary: 'Fill the reports with a generated year of activity (demo sites)', response: replies(demoStatisticsSchema) } },
    async (request) => ok(request.id, 'statistics_demo', await generateDemo()),
  );
};
