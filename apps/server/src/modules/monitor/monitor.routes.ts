import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { monitorNodeDetailSchema, monitorNodeListQuerySchema, monitorNodeListSchema, monitorNodeParamsSchema } from '@starlight/contract/monitor';
import { ok, replies } from '../../lib/envelope';
import type { MonitorService } from './monitor.service';

const tags = ['monitor'];

/** Spec §2 /monitor [manage_monitor]: nodes (/monitor/nodes) and one node with its jobs (/monitor/state/:nodeName). */
export const monitorRoutes: FastifyPluginAsyncZod<{ monitor: MonitorService }> = async (app, { monitor }) => {
  app.get(
    '/monitor/nodes',
    { config: { perms: ['manage_monitor'] }, schema: { tags, summary: 'Nodes of every enabled cluster, live', querystring: monitorNodeListQuerySchema, response: replies(monitorNodeListSchema) } },
    async (request) => ok(request.id, 'node', await monitor.nodes(request.query)),
  );
  app.get(
    '/monitor/nodes/:cluster/:node',
    { config: { perms: ['manage_monitor'] }, schema: { tags, summary: 'One node with the active jobs on it', params: monitorNodeParamsSchema, response: replies(monitorNodeDetailSchema) } },
    async (request) => ok(request.id, 'node', await monitor.node(request.params.cluster, request.params.node)),
  );
};
