import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { openSshShell, type ShellSession, type ShellSettings, type ShellSize } from '../../drivers/shell/ssh-shell';
import type { AuditRecorder } from '../audit/audit.service';
import type { ClustersService } from '../clusters/clusters.service';
import type { NetworkPolicyService } from '../clusters/network-policy.service';
import { createWebSshRepo } from './webssh.repo';
import { webSshRoutes } from './webssh.routes';
import { createWebSshService } from './webssh.service';

export interface WebSshModuleDeps {
  db: Database;
  clusters: ClustersService;
  policies: Pick<NetworkPolicyService, 'allows'>;
  accountOf: (userId: number) => Promise<string | null>;
  audit: AuditRecorder;
  openShell?: (settings: ShellSettings, account: string, size: ShellSize) => Promise<ShellSession>;
  /** Milliseconds per configured second of the idle and maximum durations (1000). */
  unitMs?: number;
}

/** Web shells per partition: settings, and the socket that bridges xterm.js to a login shell as the bound account. */
export function createWebSshModule({ db, clusters, policies, accountOf, audit, openShell = openSshShell, unitMs = 1000 }: WebSshModuleDeps) {
  const webssh = createWebSshService({ repo: createWebSshRepo(db), clusters, policies, accountOf });
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(webSshRoutes, { webssh, audit, openShell, unitMs });
  };
  return { webssh, routes };
}
