import { z } from 'zod';
import { envelopeSchema, type Envelope } from '@starlight/contract/envelope';
import type { FastifyReply } from 'fastify';
import { Code, httpStatusFor } from '@starlight/contract/codes';

/** A success envelope; the route's response schema checks `spec` against the contract. */
export function ok<T>(uuid: string, kind: string, spec: T, info = 'ok'): Envelope<T> {
  return { code: Code.ok, kind, spec, info, uuid };
}

export function envelopeOf(uuid: string, code: number, kind: string, spec: unknown, info: string): Envelope {
  return { code, kind, spec, info, uuid };
}

const failureSchema = envelopeSchema(z.unknown());

/**
 * The `response` block of a route schema: the success envelope around `spec`, and the failure
 * envelope for every error class, so the OpenAPI document shows both.
 */
export function replies<T extends z.ZodType>(spec: T) {
  return { 200: envelopeSchema(spec), '4xx': failureSchema, '5xx': failureSchema };
}

/** Sends an envelope with the HTTP status that mirrors its code (used for failures and 404s). */
export function sendEnvelope(reply: FastifyReply, code: number, kind: string, spec: unknown, info: string): FastifyReply {
  return reply.status(httpStatusFor(code)).send(envelopeOf(reply.request.id, code, kind, spec, info));
}
