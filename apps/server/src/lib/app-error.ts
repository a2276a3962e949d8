import { Code } from '@starlight/contract/codes';

/**
 * An error as a value: a code from the contract's table, the human message (`info`) and an
 * optional payload (`spec`). The error handler turns it into the envelope; nothing else does.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly info: string,
    readonly spec: unknown = null,
  ) {
    super(info);
    this.name = 'AppError';
  }
}

export const notFound = (what: string): AppError => new AppError(Code.notFound, `${what} not found`);
export const forbidden = (): AppError => new AppError(Code.forbidden, 'permission denied');
/** A broken invariant on our side: the caller sees 1500, the log has the message. */
export const internalError = (info: string): AppError => new AppError(Code.internal, info);
