import type { Database } from '../../db/client';
import type { ClustersService } from '../clusters/clusters.service';
import type { SendMessage } from '../messages/send.service';
import type { AccountsService } from '../identity/accounts.service';
import { createBindingRepo } from './binding.repo';
import { bindingRoutes } from './binding.routes';
import { createBindingService } from './binding.service';

export interface BindingModuleDeps {
  db: Database;
  accounts: AccountsService;
  clusters: ClustersService;
  log?: (error: unknown, context: string) => void;
  now?: () => Date;
  onBound?: (userId: number) => Promise<void>;
  send?: SendMessage;
}

export function createBindingModule({ db, accounts, clusters, log, now, onBound, send }: BindingModuleDeps) {
  const service = createBindingService({ repo: createBindingRepo(db), accounts, clusters, log, now, onBound, send });
  return { service, routes: bindingRoutes };
}

export type BindingModule = ReturnType<typeof createBindingModule>;
