import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Code } from '@starlight/contract/codes';
import { AppError } from '../lib/app-error';

/**
 * Per-route request limits (`config.rateLimit`), counted per instance in memory. Login throttling,
 * which must hold across instances, is counted in the database by the identity module instead.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) => {
        const retryAfterS = Math.ceil(context.ttl / 1000);
        return new AppError(Code.rateLimited, `too many requests, retry in ${retryAfterS} s`, { retry_after_s: retryAfterS });
      },
    });
  },
  { name: 'starlight-rate-limit' },
);
