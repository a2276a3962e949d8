/** A failed call: the envelope's code, info, uuid and spec, or a transport failure (code -1). */
export class ApiError extends Error {
  readonly code: number;
  readonly info: string;
  readonly uuid: string;
  readonly spec: unknown;
  /** HTTP status, when a response arrived. */
  readonly status: number | undefined;
  /** No envelope: network down, timeout, a proxy's error page. */
  readonly transport: boolean;
  /** The caller cancelled (React Query unmount): nothing to tell anyone. */
  readonly aborted: boolean;

  constructor(init: {
    code: number;
    info: string;
    uuid?: string;
    spec?: unknown;
    status?: number;
    transport?: boolean;
    aborted?: boolean;
  }) {
    super(init.info);
    this.name = 'ApiError';
    this.code = init.code;
    this.info = init.info;
    this.uuid = init.uuid ?? '';
    this.spec = init.spec ?? null;
    this.status = init.status;
    this.transport = init.transport ?? false;
    this.aborted = init.aborted ?? false;
  }
}

export const transportErrorCode = -1;

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
