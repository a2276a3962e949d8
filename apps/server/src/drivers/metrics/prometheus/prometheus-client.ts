import { Code } from '@starlight/contract/codes';
import { AppError } from '../../../lib/app-error';

/** A raw Prometheus HTTP API client (`/api/v1/query`, `/api/v1/query_range`); failures are 1502 naming Prometheus. */
export interface PrometheusClientOptions {
  url: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export type PromSample = [number, string];
export interface PromVector {
  metric: Record<string, string>;
  value: PromSample;
}
export interface PromMatrix {
  metric: Record<string, string>;
  values: PromSample[];
}

interface PromReply {
  status: 'success' | 'error';
  data?: { resultType: string; result: unknown };
  errorType?: string;
  error?: string;
}

const upstream = (info: string) => new AppError(Code.upstreamDown, info);

export function createPrometheusClient({ url, timeoutMs, fetch: fetchImpl = fetch }: PrometheusClientOptions) {
  const base = url.replace(/\/+$/, '');

  async function call(path: string, params: Record<string, string>, resultType: 'vector' | 'matrix'): Promise<unknown> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ ...params, timeout: `${Math.max(1, Math.floor(timeoutMs / 1000))}s` }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const e = error as Error;
      if (e.name === 'TimeoutError' || e.name === 'AbortError') throw upstream(`Prometheus at ${base} did not answer within ${timeoutMs / 1000} s`);
      throw upstream(`Prometheus unreachable at ${base} (${(e.cause as Error | undefined)?.message ?? e.message})`);
    }
    let reply: PromReply;
    try {
      reply = (await response.json()) as PromReply;
    } catch {
      throw upstream(`Prometheus at ${base} answered HTTP ${response.status} without a JSON body (is this a Prometheus URL?)`);
    }
    if (reply.status !== 'success' || !reply.data) {
      throw upstream(`Prometheus at ${base} refused the query: ${reply.errorType ?? `HTTP ${response.status}`}: ${reply.error ?? 'no reason given'}`);
    }
    if (reply.data.resultType !== resultType) throw upstream(`Prometheus at ${base} answered a ${reply.data.resultType}, not a ${resultType}`);
    return reply.data.result;
  }

  return {
    base,
    /** An instant query (at `time`, default now). */
    query: async (promql: string, time?: Date): Promise<PromVector[]> =>
      (await call('/api/v1/query', { query: promql, ...(time ? { time: String(time.getTime() / 1000) } : {}) }, 'vector')) as PromVector[],
    /** A range query: one series per label set, samples every `stepSeconds`. */
    queryRange: async (promql: string, start: Date, end: Date, stepSeconds: number): Promise<PromMatrix[]> =>
      (await call(
        '/api/v1/query_range',
        { query: promql, start: String(start.getTime() / 1000), end: String(end.getTime() / 1000), step: String(stepSeconds) },
        'matrix',
      )) as PromMatrix[],
  };
}

export type PrometheusClient = ReturnType<typeof createPrometheusClient>;
