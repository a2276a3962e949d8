import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { toFailure } from '../lib/failure';
import { sendEnvelope } from '../lib/envelope';

export interface ErrorHandlerOptions {
  bodyLimit: number;
}

/** Every error leaves as an envelope; the uuid in it is also on the log line. */
export function replyWithFailure(error: unknown, request: FastifyRequest, reply: FastifyReply, bodyLimit: number) {
  const failure = toFailure(error, bodyLimit);
  if (failure.internal) request.log.error({ err: error }, 'unhandled error');
  else request.log.debug({ code: failure.code, info: failure.info }, 'request refused');
  return sendEnvelope(reply, failure.code, 'error', failure.spec, failure.info);
}

export const errorHandlerPlugin = fp<ErrorHandlerOptions>(
  async (app, { bodyLimit }) => {
    app.setErrorHandler((error, request, reply) => replyWithFailure(error, request, reply, bodyLimit));
  },
  { name: 'starlight-error-handler' },
);
