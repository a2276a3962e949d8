import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  monitorEventListQuerySchema,
  monitorEventListSchema,
  monitorNodeDetailSchema,
  monitorNodeListQuerySchema,
  monitorNodeListSchema,
  monitorNodeParamsSchema,
  monitorSummarySchema,
} from '@starlight/contract/monitor';
import { ok, replies } from '../../lib/envelope';
import type { EventsService } from './events.service';
import type { MonitorService } from './monitor.service';

const tags = ['monitor'];

/** Spec §2 /monitor [manage_monitor]: nodes, one node with its jobs (/monitor/state/:nodeName), events, summary. */
export const monitorRoutes: FastifyPluginAsyncZod<{ monitor: MonitorService; events: EventsService }> = async (app, { monitor, events }) => {
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
  app.get(
    '/monitor/events',
    { config: { perms: ['manage_monitor'] }, schema: { tags, summary: 'Node state changes and job failures, newest first', querystring: monitorEventListQuerySchema, response: replies(monitorEventListSchema) } },
    async (request) => ok(request.id, 'event', await events.list(request.query)),
  );
  app.get(
    '/monitor/summary',
    { config: { perms: ['manage_monitor'] }, schema: { tags, summary: 'Nodes by state, CPUs and memory, running and pending jobs, recent events', response: replies(monitorSummarySchema) } },
    async (request) => ok(request.id, 'summary', await monitor.summary()),
  );
};
