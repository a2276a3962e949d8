import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { BindingService } from '../binding/binding.service';
import type { ClustersService } from '../clusters/clusters.service';
import type { JobSubmitService } from '../jobs/job-submit.service';
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
  basePath: string;
  idleMinutes: number;
  log: (error: unknown, context: string) => void;
  now?: () => Date;
}

/** Interactive sessions (Jupyter, remote desktop) and their proxy; see README.md. */
export function createInteractiveModule({ db, clusters, binding, submit, basePath, idleMinutes, log, now }: InteractiveModuleDeps) {
  const repo = createSessionsRepo(db);
  const sessions = createSessionsService({ repo, clusters, binding, submit, basePath, idleMinutes, log, now });
  const connections = createProxyConnections(sessions.touch, log);
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(sessionsRoutes, { sessions, connections });
  };
  /** The proxy path, for the auth plugin's cookie and the security headers' exemption. */
  const isProxyPath = (url: string) => /^\/session\/[0-9a-f-]{36}\/proxy\//.test(url.slice(basePath.length));
  return { sessions, routes, isProxyPath };
}
