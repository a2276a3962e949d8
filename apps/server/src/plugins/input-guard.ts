import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Code } from '@starlight/contract/codes';
import { controlCharProblems } from '@starlight/contract/control-chars';
import { AppError } from '../lib/app-error';

/**
 * The contract's control-character rule (packages/contract control-chars.ts) on every request, before
 * any route's schema runs: the parsed body, the query and the path parameters — also of routes that
 * declare no schema for them. A hit is 1400 naming each field (`body.name`, `query.dir`, `params.id`),
 * so nothing with a NUL reaches a service or the database (which answered 500). Headers are left to
 * Node's HTTP parser, which refuses control characters in them.
 */
export function controlCharRefusal(request: Pick<FastifyRequest, 'body' | 'query' | 'params'>): AppError | null {
  const fields = [
    ...controlCharProblems(request.params, 'params'),
    ...controlCharProblems(request.query, 'query'),
    ...controlCharProblems(request.body, 'body'),
  ];
  if (fields.length === 0) return null;
  return new AppError(Code.invalidInput, `invalid input: ${fields.map((field) => field.path).join(', ')}`, { fields });
}

export const inputGuardPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const refusal = controlCharRefusal(request);
      if (refusal) throw refusal;
    });
  },
  { name: 'starlight-input-guard' },
);
