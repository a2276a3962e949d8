import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { Code } from '@starlight/contract/codes';
import { AppError } from '../../lib/app-error';
import type { UploadSlots } from './upload-slots';

/**
 * The request stream of a raw upload (file or chunk). Only `application/octet-stream` reaches the
 * handler as a stream; any other body (JSON, or none at all without a content type) is refused here,
 * before a temporary file exists — piping a parsed object used to hang the request for good.
 */
export function rawBodyOf(request: FastifyRequest): Readable {
  if (request.body instanceof Readable) return request.body;
  throw new AppError(Code.invalidInput, 'send the bytes as the raw body with Content-Type: application/octet-stream', {
    fields: [{ path: 'headers.content-type', message: 'must be application/octet-stream' }],
  });
}

/** Failures of an upload that are not a refusal of what the caller asked: the storage, the body's clock. */
function worthALine(err: unknown): err is AppError {
  if (!(err instanceof AppError)) return false;
  const reason = (err.spec as { reason?: unknown } | null)?.reason;
  return err.code === Code.upstreamDown || err.code === Code.internal || reason === 'body-idle-timeout' || reason === 'no-space';
}

/**
 * An upload body's work (PUT /storage/upload, a chunk), holding one of the user's upload slots. When it
 * fails because the storage went away, filled up or the body stopped coming, one warning line says so
 * (what, where, why; the reply is the envelope and the connection is closed, plugins/timeouts.ts).
 */
export async function receiveUpload<T>(request: FastifyRequest, slots: UploadSlots, userId: number, work: () => Promise<T>): Promise<T> {
  try {
    return await slots.hold(userId, work);
  } catch (err) {
    if (worthALine(err)) {
      const query = request.query as Record<string, unknown>;
      const cause = err.cause instanceof Error ? err.cause.message : undefined;
      request.log.warn(
        { route: request.routeOptions.url, path: query.path ?? null, cluster: query.cluster ?? null, storage: query.storage ?? null, code: err.code, spec: err.spec, cause },
        `upload failed: ${err.info}`,
      );
    }
    throw err;
  }
}
