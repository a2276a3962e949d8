import fp from 'fastify-plugin';
import { tokenHeader } from '@starlight/contract/auth';
import type { FastifyRequest } from 'fastify';
import { Code } from '@starlight/contract/codes';
import type { Actor } from '../lib/actor';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, when a valid Bihu-Token came with the request. */
    actor: Actor | null;
    /** A token came but named no live session (expired, revoked, unknown, or its user disabled). */
    tokenRejected: boolean;
  }
}

export interface AuthPluginOptions {
  /** Token → actor, or null when the token is not a live session. Provided by the identity module. */
  resolveActor: (token: string) => Promise<Actor | null>;
}

const headerName = tokenHeader.toLowerCase();

export const tokenMissingInfo = 'token missing, please log in';
export const tokenRejectedInfo = 'token expired or revoked, please log in again';

/** Resolves the actor for every request; the permissions plugin decides what a route demands. */
export const authPlugin = fp<AuthPluginOptions>(
  async (app, { resolveActor }) => {
    app.decorateRequest('actor', null);
    app.decorateRequest('tokenRejected', false);
    app.addHook('onRequest', async (request) => {
      const token = request.headers[headerName];
      if (typeof token !== 'string' || token === '') return;
      request.actor = await resolveActor(token);
      request.tokenRejected = request.actor === null;
    });
  },
  { name: 'starlight-auth' },
);

/** The actor of a route declared with `perms` (the permissions plugin has already demanded one). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError(Code.tokenInvalid, tokenMissingInfo);
  return request.actor;
}
