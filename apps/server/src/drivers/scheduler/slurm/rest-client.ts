import { Code } from '@starlight/contract/codes';
import { SchedulerError } from '../scheduler-error';
import { signSlurmJwt } from './jwt';
import { slurmErrorToSchedulerError, type SlurmErrorEntry } from './slurm-errors';

export interface SlurmRestClientOptions {
  baseUrl: string;
  key: Buffer;
  timeoutMs: number;
  tokenLifetimeSeconds: number;
  /** Told of every 1502 (slurmrestd unreachable, timed out or failing) with the path asked. */
  onUpstreamDown?: (path: string) => void;
}

export type SlurmJson = Record<string, unknown>;

export interface SlurmRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  query?: Record<string, string | undefined>;
  body?: unknown;
  /** Hand `errors[]` back instead of throwing (a submit can succeed with warnings). */
  tolerateErrors?: boolean;
  /** Instead of the client's own timeout (a health probe's is short). */
  timeoutMs?: number;
}

/** `body` is undefined for 304: slurmrestd's answer to `update_time` when nothing changed. */
export interface SlurmResponse {
  status: number;
  body: SlurmJson | undefined;
}

export const slurmErrors = (body: SlurmJson | undefined): SlurmErrorEntry[] =>
  Array.isArray(body?.errors) ? (body.errors as SlurmErrorEntry[]) : [];

/**
 * fetch to slurmrestd with a fresh JWT per call for the acting account (`sun`). Signing costs
 * microseconds, so tokens are not cached and always carry the account of this very call.
 */
export class SlurmRestClient {
  readonly baseUrl: string;

  constructor(private readonly options: SlurmRestClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  async request(sun: string, path: string, request: SlurmRequest = {}): Promise<SlurmResponse> {
    try {
      return await this.send(sun, path, request);
    } catch (error) {
      if (error instanceof SchedulerError && error.code === Code.upstreamDown) this.options.onUpstreamDown?.(path);
      throw error;
    }
  }

  private async send(sun: string, path: string, request: SlurmRequest): Promise<SlurmResponse> {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(request.query ?? {})) if (value !== undefined) query.set(name, value);
    const url = `${this.baseUrl}${path}${query.size > 0 ? `?${query}` : ''}`;
    const token = signSlurmJwt(this.options.key, sun, this.options.tokenLifetimeSeconds);
    let response: Response;
    try {
      response = await fetch(url, {
        method: request.method ?? 'GET',
        headers: {
          'X-SLURM-USER-NAME': sun,
          'X-SLURM-USER-TOKEN': token,
          ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: AbortSignal.timeout(request.timeoutMs ?? this.options.timeoutMs),
      });
    } catch (error) {
      throw this.transportError(error, request.timeoutMs ?? this.options.timeoutMs);
    }
    if (response.status === 304) return { status: 304, body: undefined };
    const text = await response.text().catch(() => '');
    const body = parseJson(text);
    if (!body) {
      // Missing or malformed auth headers get a bare 401 "Authentication failure".
      if (response.status === 401) throw this.refused(sun, text.trim());
      throw new SchedulerError(
        Code.upstreamDown,
        `slurmrestd at ${this.baseUrl} answered HTTP ${response.status}: ${text.trim().slice(0, 200) || 'no body'}`,
      );
    }
    const errors = slurmErrors(body);
    if (errors.length > 0 && !request.tolerateErrors) throw slurmErrorToSchedulerError(errors, sun, this.baseUrl);
    if (errors.length === 0 && !response.ok)
      throw new SchedulerError(Code.upstreamDown, `slurmrestd at ${this.baseUrl} answered HTTP ${response.status}`);
    return { status: response.status, body };
  }

  private refused(sun: string, detail: string): SchedulerError {
    return new SchedulerError(Code.upstreamDown, `slurmrestd refused the token for ${sun}: ${detail || 'no detail'}`);
  }

  private transportError(error: unknown, timeoutMs: number): SchedulerError {
    const name = (error as Error)?.name;
    if (name === 'TimeoutError' || name === 'AbortError')
      return new SchedulerError(
        Code.upstreamDown,
        `slurmrestd at ${this.baseUrl} did not answer within ${timeoutMs / 1000} s`,
      );
    const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
    const detail = cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error);
    return new SchedulerError(Code.upstreamDown, `slurmrestd unreachable at ${this.baseUrl}: ${detail}`);
  }
}

function parseJson(text: string): SlurmJson | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as SlurmJson) : undefined;
  } catch {
    return undefined;
  }
}
