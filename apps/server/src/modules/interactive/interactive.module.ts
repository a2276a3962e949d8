import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '@starlight/contract/codes';
import type { Database } from '../../db/client';
import type { ClusterBus } from '../../lib/cluster-bus';
import { AppError } from '../../lib/app-error';
import type { BindingService } from '../binding/binding.service';
import type { ClustersService } from '../clusters/clusters.service';
import type { JobSubmitService } from '../jobs/job-submit.service';
import { createSessionOrigin } from './session-origin';
import { createSessionPasses } from './session-passes';
import { createPassesRepo } from './session-passes.repo';
import { createProxyConnections } from './session-proxy.routes';
import { sessionsRoutes } from './sessions.routes';
import { createSessionsRepo } from './sessions.repo';
import { createSessionsService } from './sessions.service';

export interface InteractiveModuleDeps {
  db: Database;
  clusters: ClustersService;
  binding: Pick<BindingService, 'accountOf'>;
  /** The jobs module's submit: sessions are batch jobs of the bound account like any other. */
  submit: Pick<JobSubmitService, 'submit' | 'target' | 'admit'>;
  idleMinutes: number;
  /** `STARLIGHT_SESSION_PUBLIC_URL`: the session origin as browsers reach it; null: this host at the session port. */
  sessionPublicUrl: string | null;
  log: (error: unknown, context: string) => void;
  now?: () => Date;
  /** Several instances: an ended session's sockets and cached cookies go on every one (absent: this one alone). */
  bus?: Pick<ClusterBus, 'publish' | 'subscribe' | 'onResync'>;
}

/** Told to every other instance when a session is ended: `{ id }`. */
const endedTopic = 'interactive.ended';

/** `[::1]` stays bracketed, a name or an IPv4 address as it is. */
const hostOnly = (hostname: string) => hostname.replace(/^(\[[^\]]*\]|[^:]*)(:\d+)?$/, '$1').toLowerCase();
/**
 * Without STARLIGHT_SESSION_PUBLIC_URL, a console reached on a loopback name serves sessions on the other one:
 * a browser keeps cookies per host, not per port, and the SPA writes its token as a script-readable cookie
 * (spec §9), so the console's host at another port would let a notebook read it from `document.cookie`.
 */
const loopbackTwin: Readonly<Record<string, string>> = { '127.0.0.1': 'localhost', localhost: '127.0.0.1', '[::1]': 'localhost' };
export const sessionHostMissing =
  'interactive sessions need an origin on a host of their own: set STARLIGHT_SESSION_PUBLIC_URL (browsers share cookies across ports, so this host at another port would expose the console token)';

/** Interactive sessions (Jupyter, remote desktop) and their proxy on a separate origin; see README.md. */
export function createInteractiveModule({ db, clusters, binding, submit, idleMinutes, sessionPublicUrl, log, now, bus }: InteractiveModuleDeps) {
  const repo = createSessionsRepo(db);
  const sessions = createSessionsService({ repo, clusters, binding, submit, idleMinutes, log, now });
  const connections = createProxyConnections(sessions.touch, log);
  const passes = createSessionPasses(createPassesRepo(db));
  // the passes are in the database; what an instance holds of a session beside them (its open sockets,
  // the cookies it has read lately) is dropped on every instance when the session ends anywhere
  const drop = (id: string): void => {
    connections.closeAll(id);
    passes.forget(id);
  };
  bus?.subscribe(endedTopic, (message) => {
    const id = (message as { id?: unknown }).id;
    if (typeof id === 'string') drop(id);
  });
  bus?.onResync(() => passes.forget());
  const ended = async (id: string): Promise<void> => {
    drop(id);
    await passes.revoke(id);
    bus?.publish(endedTopic, { id });
  };
  const origin = createSessionOrigin({ sessions, passes, connections, log, secure: sessionPublicUrl?.startsWith('https:') ?? false });

  /** The session origin for the browser that sent `request`: the configured one, or its host at our session port. */
  const originFor = (request: FastifyRequest): string | null => {
    if (sessionPublicUrl) return sessionPublicUrl;
    const port = origin.port();
    const twin = loopbackTwin[hostOnly(request.hostname)];
    return port === null || !twin ? null : `${request.protocol}://${twin}:${port}`;
  };
  const sessionOrigin = (request: FastifyRequest): string => {
    const found = originFor(request);
    if (found) return found;
    throw new AppError(Code.upstreamDown, origin.port() === null ? 'the session origin is not listening (STARLIGHT_SESSION_PORT)' : sessionHostMissing);
  };
  /** For the console's CSP: its pages (the desktop's noVNC) open websockets to the session origin. */
  const connectSources = (request: FastifyRequest): string[] => {
    const found = originFor(request);
    return found ? [found, found.replace(/^http/, 'ws')] : [];
  };

  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(sessionsRoutes, { sessions, passes, ended, sessionOrigin });
  };
  return { sessions, routes, origin, connectSources, passes };
}
