import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { Code } from '@starlight/contract/codes';
import { AppError } from '../lib/app-error';
import { turnStats } from '../lib/turns';
import { metricsGate, type MetricsAccess } from './metrics-access';

/**
 * prom-client's three default Node gauges named like counters (`_total`), which `promtool check metrics`
 * refuses: served under gauge names with the same meaning (the sum over the per-type `nodejs_active_*` gauges).
 */
const renamedTotals = [
  ['nodejs_active_handles_total', 'nodejs_active_handles_all', 'Number of active libuv handles, all types'],
  ['nodejs_active_requests_total', 'nodejs_active_requests_all', 'Number of active libuv requests, all types'],
  ['nodejs_active_resources_total', 'nodejs_active_resources_all', 'Number of active resources keeping the event loop alive, all types'],
] as const;

export interface ConsoleMetricsSources {
  /** The PostgreSQL pool now; absent on PGlite. */
  pool?: () => { total: number; idle: number; waiting: number; max: number };
}

/**
 * What /metrics serves (deploy/grafana/starlight.json charts it): the process's default metrics, the request
 * histogram, the jobs sync, the turn gate (lib/turns.ts) and the database pool. Made before the modules so
 * that the jobs sync can report into it (`jobSynced`); served by `metricsPlugin`.
 */
export function createConsoleMetrics({ pool }: ConsoleMetricsSources = {}) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const [old, name, help] of renamedTotals) {
    const original = registry.getSingleMetric(old);
    if (!original) continue;
    registry.removeSingleMetric(old);
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set((await original.get()).values[0]?.value ?? 0);
      },
    });
  }
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobSync = new Histogram({
    name: 'starlight_job_sync_duration_seconds',
    help: "One sync of a cluster's jobs with its scheduler, by cluster and result (ok, error)",
    labelNames: ['cluster', 'result'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  new Gauge({
    name: 'starlight_turn_waiting',
    help: 'Work waiting for a slot of the turn gate (lib/turns.ts) now',
    registers: [registry],
    collect() {
      this.set(turnStats().waiting);
    },
  });
  for (const [name, key, help] of [
    ['starlight_turn_granted_total', 'granted', 'Work granted a slot by the turn gate'],
    ['starlight_turn_deferred_total', 'deferred', "Slots moved to a later event-loop turn because the turn's budget was spent"],
  ] as const)
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(turnStats()[key]);
      },
    });
  if (pool) {
    new Gauge({
      name: 'starlight_db_pool_connections',
      help: 'PostgreSQL pool connections by state (idle, busy)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const now = pool();
        this.set({ state: 'idle' }, now.idle);
        this.set({ state: 'busy' }, now.total - now.idle);
      },
    });
    new Gauge({ name: 'starlight_db_pool_waiting', help: 'Queries waiting for a PostgreSQL pool connection', registers: [registry], collect() { this.set(pool().waiting); } });
    new Gauge({ name: 'starlight_db_pool_max', help: 'PostgreSQL pool size limit', registers: [registry], collect() { this.set(pool().max); } });
  }
  return {
    registry,
    requests,
    /** The jobs sync's report (`JobsSyncDeps.onSynced`). */
    jobSynced: (cluster: string, seconds: number, ok: boolean): void => jobSync.observe({ cluster, result: ok ? 'ok' : 'error' }, seconds),
  };
}
export type ConsoleMetrics = ReturnType<typeof createConsoleMetrics>;

/**
 * Prometheus text at /metrics (`createConsoleMetrics`); requests are observed by route pattern (never the raw
 * URL, which would explode the label set), method and status.
 * Not for the public: only allowed addresses or the bearer token (metrics-access.ts); else 1403.
 */
export const metricsPlugin = fp<{ access: MetricsAccess; metrics: ConsoleMetrics }>(
  async (app, { access, metrics }) => {
    const allowed = metricsGate(access);
    app.addHook('onResponse', async (request, reply) => {
      metrics.requests.observe(
        { route: request.routeOptions.url ?? 'unmatched', method: request.method, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
    // public to the permission layer (no user token): the gate below is its own check
    app.get('/metrics', { config: { public: true }, schema: { tags: ['system'], summary: 'Prometheus metrics (allowed addresses, or Authorization: Bearer STARLIGHT_METRICS_TOKEN)' } }, async (request, reply) => {
      if (!allowed(request.ip, request.headers.authorization))
        throw new AppError(Code.forbidden, 'metrics are served to allowed addresses (STARLIGHT_METRICS_ALLOW) or with STARLIGHT_METRICS_TOKEN');
      reply.type(metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  },
  { name: 'starlight-metrics', dependencies: ['starlight-permissions'] },
);
