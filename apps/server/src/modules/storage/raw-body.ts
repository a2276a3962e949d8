import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { Code } from '@starlight/contract/codes';
import { AppError } from '../../lib/app-error';

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
