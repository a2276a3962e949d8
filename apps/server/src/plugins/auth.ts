import fp from 'fastify-plugin';
import { schedulerTokenHeader, tokenHeader } from '@starlight/contract/auth';
import type { FastifyRequest } from 'fastify';
import { Code } from '@starlight/contract/codes';
import type { Actor } from '../lib/actor';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, when a valid Bihu-Token (or `Authorization: Bearer`) came with the request. */
    actor: Actor | null;
    /** A token came but named no live session (expired, revoked, unknown, or its user disabled). */
    tokenRejected: boolean;
  }
}

export interface AuthPluginOptions {
  /** Token → actor, or null when the token is not a live session. Provided by the identity module. */
  resolveActor: (token: string) => Promise<Actor | null>;
  /** Scheduler-Token → actor, accepted only under `schedulerPrefix` (spec §7 "Scheduler service"). */
  resolveSchedulerToken?: (token: string) => Promise<Actor | null>;
  /** e.g. `/api/scheduler/` */
  schedulerPrefix?: string;
  /**
   * e.g. `/api/`: where `Authorization: Bearer <token>` is read as the session token (curl, scripts, OpenAPI
   * clients). Outside it (the registry gate's `/v2/`) the Authorization header belongs to another protocol.
   */
  bearerPrefix?: string;
}

const headerName = tokenHeader.toLowerCase();
const schedulerHeaderName = schedulerTokenHeader.toLowerCase();

export const tokenMissingInfo = 'token missing, please log in';
export const tokenRejectedInfo = 'token expired or revoked, please log in again';

/** Resolves the actor for every request; the permissions plugin decides what a route demands. */
export const authPlugin = fp<AuthPluginOptions>(
  async (app, { resolveActor, resolveSchedulerToken, schedulerPrefix, bearerPrefix = '/' }) => {
    app.decorateRequest('actor', null);
    app.decorateRequest('tokenRejected', false);
    app.addHook('onRequest', async (request) => {
      // never a cookie: a page of another origin on this host (an interactive session's app) could make the
      // browser send one; the console's token travels in the header (or `?token=` on a websocket upgrade) only
      const token = request.headers[headerName] ?? bearerToken(request, bearerPrefix) ?? websocketToken(request);
      if (typeof token === 'string' && token !== '') {
        request.actor = await resolveActor(token);
        request.tokenRejected = request.actor === null;
        return;
      }
      const schedulerToken = request.headers[schedulerHeaderName];
      if (!resolveSchedulerToken || !schedulerPrefix || typeof schedulerToken !== 'string' || schedulerToken === '') return;
      if (!request.url.startsWith(schedulerPrefix)) return;
      request.actor = await resolveSchedulerToken(schedulerToken);
      request.tokenRejected = request.actor === null;
    });
  },
  { name: 'starlight-auth' },
);

/** `Authorization: Bearer <token>` (RFC 6750; the scheme is case-insensitive), under `prefix` only. */
function bearerToken(request: FastifyRequest, prefix: string): string | undefined {
  const header = request.headers.authorization;
  if (!header || !request.url.startsWith(prefix)) return undefined;
  const match = /^bearer +(\S+) *$/i.exec(header);
  return match?.[1];
}

/**
 * Browsers cannot set headers on a websocket, so an upgrade request may carry the token as `?token=`.
 * Only upgrades: on plain HTTP a token in the URL would end up in logs and browser history.
 */
function websocketToken(request: FastifyRequest): string | undefined {
  if (request.headers.upgrade?.toLowerCase() !== 'websocket') return undefined;
  const token = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' ? token : undefined;
}

/** One cookie's value from a Cookie header (the first of that name). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0 || part.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The actor of a route declared with `perms` (the permissions plugin has already demanded one). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError(Code.tokenInvalid, tokenMissingInfo);
  return request.actor;
}
