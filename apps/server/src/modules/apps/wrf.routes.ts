import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runSchema } from '@starlight/contract/apps';
import { wrfLaunchSchema, wrfStatusQuerySchema, wrfStatusSchema } from '@starlight/contract/wrf';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { WrfService } from './wrf';

const tags = ['apps'];
/** /storage/wrf is a page of bound users (spec §2), as app launches are. */
const bound = { perms: ['binded_account'] as const };

export const wrfRoutes: FastifyPluginAsyncZod<{ wrf: WrfService }> = async (app, { wrf }) => {
  app.get(
    '/app/wrf',
    { config: bound, schema: { tags, summary: 'Whether WRF (real.exe, wrf.exe) and the shipped wrf app are available on a cluster', querystring: wrfStatusQuerySchema, response: replies(wrfStatusSchema) } },
    async (request) => ok(request.id, 'wrf', await wrf.status(actorOf(request), request.query.cluster)),
  );
  app.post(
    '/app/wrf/runs',
    { config: bound, schema: { tags, summary: 'Launch the wrf app with the generated namelists (written to ~/wrf-cases/<case>/); refused without WRF', body: wrfLaunchSchema, response: replies(runSchema) } },
    async (request) => ok(request.id, 'run', await wrf.launch(actorOf(request), request.body)),
  );
};
