import fp from 'fastify-plugin';
import { Code } from '@starlight/contract/codes';
import { AppError } from '../lib/app-error';
import { idleGuardedBody } from '../lib/idle-body';

export interface TimeoutsOptions {
  /** A body that sends no byte for this long, while a reader waits for one, fails. */
  bodyIdleMs: number;
  /** All of a request's headers must arrive within this long (Node's own check; 408 and the connection closed). */
  headersMs: number;
}

export const bodyIdleReason = 'body-idle-timeout';

const hasBody = (headers: Record<string, unknown>): boolean =>
  headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0');

/**
 * The request side of the server's timeouts (the whole list, and why each is what it is, is in
 * ARCHITECTURE's "Timeouts" section):
 * - every request body is read through an idle clock: no byte for `bodyIdleMs` while the console waits
 *   for one → 1400 `body-idle-timeout` naming `body` (an upload's part file is removed as for any failure);
 * - a reply sent before its request's body was read to the end (a refusal, a failure mid-upload, that
 *   timeout) closes the connection: otherwise Node keeps the socket to read the rest for the next
 *   request, and a stalled client held it for good;
 * - `headersMs` becomes Node's headersTimeout.
 */
export const timeoutsPlugin = fp<TimeoutsOptions>(
  async (app, { bodyIdleMs, headersMs }) => {
    app.server.headersTimeout = headersMs;
    const seconds = Math.round(bodyIdleMs / 100) / 10;
    const idle = (): AppError =>
      new AppError(Code.invalidInput, `the request body sent no byte for ${seconds} s: it was abandoned`, {
        reason: bodyIdleReason,
        idle_timeout_s: seconds,
        fields: [{ path: 'body', message: `no byte for ${seconds} s` }],
      });
    app.addHook('preParsing', async (request, _reply, payload) => (hasBody(request.headers) ? idleGuardedBody(payload, bodyIdleMs, idle) : payload));
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.raw.complete === false) reply.header('connection', 'close');
      return payload;
    });
  },
  { name: 'starlight-timeouts' },
);
