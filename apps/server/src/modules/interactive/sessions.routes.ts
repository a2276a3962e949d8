import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSchema } from '@starlight/contract/envelope';
import {
  connectSessionResultSchema,
  extendSessionInputSchema,
  interactiveAppSchema,
  launchSessionInputSchema,
  sessionListQuerySchema,
  sessionOutputSchema,
  sessionParamsSchema,
  sessionSchema,
} from '@starlight/contract/interactive';
import type { PermissionKey } from '@starlight/contract/permissions';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import { describeApps } from './interactive-apps';
import type { SessionsService } from './sessions.service';
import type { SessionPasses } from './session-passes';

const tags = ['interactive'];
/** Sessions are jobs of the caller's bound account: only a bound user has any. */
const perms: PermissionKey[] = ['binded_account'];

export interface SessionsRoutesOptions {
  sessions: SessionsService;
  passes: Pick<SessionPasses, 'ticket'>;
  /** A session was ended here: its sockets closed and its passes revoked on every instance. */
  ended: (id: string) => Promise<void>;
  /** The session origin as this request's browser reaches it (`STARLIGHT_SESSION_PUBLIC_URL`, or this host at the session port). */
  sessionOrigin: (request: FastifyRequest) => string;
}

/** Interactive apps and the caller's sessions (issue 14); every session call is the owner's only. */
export const sessionsRoutes: FastifyPluginAsyncZod<SessionsRoutesOptions> = async (app, { sessions, passes, ended, sessionOrigin }) => {
  app.get(
    '/session/apps',
    { config: { perms }, schema: { tags, summary: 'Interactive app kinds and their form fields', response: replies(z.array(interactiveAppSchema)) } },
    async (request) => ok(request.id, 'session', describeApps()),
  );

  app.get(
    '/session/sessions',
    { config: { perms }, schema: { tags, summary: "The caller's sessions, states re-read", querystring: sessionListQuerySchema, response: replies(listSchema(sessionSchema)) } },
    async (request) => ok(request.id, 'session', await sessions.list(actorOf(request), request.query)),
  );

  app.post(
    '/session/sessions',
    { config: { perms }, schema: { tags, summary: 'Launch an interactive app as a batch job of the bound account', body: launchSessionInputSchema, response: replies(sessionSchema) } },
    async (request) => ok(request.id, 'session', await sessions.launch(actorOf(request), request.body)),
  );

  app.get(
    '/session/:id',
    { config: { perms }, schema: { tags, summary: 'One session', params: sessionParamsSchema, response: replies(sessionSchema) } },
    async (request) => ok(request.id, 'session', await sessions.get(actorOf(request), request.params.id)),
  );

  app.delete(
    '/session/:id',
    { config: { perms }, schema: { tags, summary: "End a session (cancels its job)", params: sessionParamsSchema, response: replies(sessionSchema) } },
    async (request) => {
      const session = await sessions.remove(actorOf(request), request.params.id);
      await ended(request.params.id);
      return ok(request.id, 'session', session);
    },
  );

  app.post(
    '/session/:id/relaunch',
    { config: { perms }, schema: { tags, summary: 'Launch again with the same parameters', params: sessionParamsSchema, response: replies(sessionSchema) } },
    async (request) => ok(request.id, 'session', await sessions.relaunch(actorOf(request), request.params.id)),
  );

  app.post(
    '/session/:id/extend',
    { config: { perms }, schema: { tags, summary: "Add walltime to a running session (its job's time limit)", params: sessionParamsSchema, body: extendSessionInputSchema, response: replies(sessionSchema) } },
    async (request) => ok(request.id, 'session', await sessions.extend(actorOf(request), request.params.id, request.body.hours)),
  );

  app.get(
    '/session/:id/output',
    { config: { perms }, schema: { tags, summary: "The job's output tails", params: sessionParamsSchema, response: replies(sessionOutputSchema) } },
    async (request) => ok(request.id, 'session', await sessions.output(actorOf(request), request.params.id)),
  );

  app.post(
    '/session/:id/connect',
    {
      config: { perms },
      schema: { tags, summary: 'A single-use ticket to open the session on the session origin (60 s)', params: sessionParamsSchema, response: replies(connectSessionResultSchema) },
    },
    async (request) => ok(request.id, 'session', await sessions.connect(actorOf(request), request.params.id, () => sessionOrigin(request), passes)),
  );
};
