import fp from 'fastify-plugin';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { Code } from '@starlight/contract/codes';
import { AppError } from '../lib/app-error';
import { metricsGate, type MetricsAccess } from './metrics-access';

/**
 * Prometheus text at /metrics: the process's default metrics and a request-duration histogram
 * by route pattern (never the raw URL, which would explode the label set), method and status.
 * Not for the public: only allowed addresses or the bearer token (metrics-access.ts); else 1403.
 */
export const metricsPlugin = fp<MetricsAccess>(
  async (app, access) => {
    const allowed = metricsGate(access);
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by route pattern, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    app.addHook('onResponse', async (request, reply) => {
      duration.observe(
        { route: request.routeOptions.url ?? 'unmatched', method: request.method, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
    // public to the permission layer (no user token): the gate below is its own check
    app.get('/metrics', { config: { public: true }, schema: { tags: ['system'], summary: 'Prometheus metrics (allowed addresses, or Authorization: Bearer STARLIGHT_METRICS_TOKEN)' } }, async (request, reply) => {
      if (!allowed(request.ip, request.headers.authorization))
        throw new AppError(Code.forbidden, 'metrics are served to allowed addresses (STARLIGHT_METRICS_ALLOW) or with STARLIGHT_METRICS_TOKEN');
      reply.type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'starlight-metrics', dependencies: ['starlight-permissions'] },
);
