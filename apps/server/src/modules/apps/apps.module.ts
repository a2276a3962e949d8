import type { Database } from '../../db/client';
import type { BindingService } from '../binding/binding.service';
import type { ClustersService } from '../clusters/clusters.service';
import type { AccountsService } from '../identity/accounts.service';
import type { JobSubmitService } from '../jobs/job-submit.service';
import { appAdminRoutes } from './app-admin.routes';
import { createAppAdminService } from './app-admin.service';
import { createAppsRepo } from './apps.repo';
import { appsRoutes } from './apps.routes';
import { createAppPublishGrants } from './application-grants';
import { createAppsService } from './apps.service';
import { createRunsRepo } from './runs.repo';
import { createRunsService, type ImagePinner } from './runs.service';
import type { Actor } from '../../lib/actor';
import { createWrfService } from './wrf';
import { wrfRoutes } from './wrf.routes';

export interface AppsModuleDeps {
  db: Database;
  accounts: Pick<AccountsService, 'groupMateIds' | 'findUser'>;
  clusters: ClustersService;
  binding: Pick<BindingService, 'accountOf'>;
  submit: Pick<JobSubmitService, 'target' | 'admit' | 'submit'>;
  log?: (error: unknown, context: string) => void;
  now?: (() => Date) | undefined;
  /** Pins the hub images a launch's files name to their digests (the images module; issue 13). */
  pinImages?: ImagePinner;
}

export function createAppsModule({ db, accounts, clusters, binding, submit, log, now, pinImages }: AppsModuleDeps) {
  const repo = createAppsRepo(db);
  const runsRepo = createRunsRepo(db);
  const apps = createAppsService({ repo, runs: runsRepo, accounts, ...(now ? { now } : {}) });
  const runs = createRunsService({ repo: runsRepo, appsRepo: repo, apps, clusters, binding, submit, ...(log ? { log } : {}), ...(now ? { now } : {}), ...(pinImages ? { pinImages } : {}) });
  const admin = createAppAdminService(repo);
  const wrf = createWrfService({ apps, runs, clusters, binding });

  /** The leader re-reads unfinished runs (a restart loses none: their state is the scheduler's and the engine's). */
  function startPolling(isLeader: () => boolean, everyMs = 5000): { stop(): void } {
    let busy = false;
    const timer = setInterval(() => {
      if (busy || !isLeader()) return;
      busy = true;
      void runs
        .refreshUnfinished()
        .catch((error: unknown) => log?.(error, 'refreshing app runs'))
        .finally(() => (busy = false));
    }, everyMs);
    timer.unref();
    return { stop: () => clearInterval(timer) };
  }

  /** The texts of an app's latest version for a caller who may read it, else null (the images module lists the images they name). */
  async function documentsOf(actor: Actor, id: number): Promise<string[] | null> {
    const row = await repo.byId(id);
    const app = row ? await apps.readable(actor, row.name).catch(() => null) : null;
    const version = app ? await repo.version(app.id, app.latestVersion) : null;
    return version ? [version.cwlText, ...Object.values(version.files)] : null;
  }

  return { apps, runs, admin, wrf, documentsOf, applicationGrants: createAppPublishGrants(db), startPolling, routes: appsRoutes, adminRoutes: appAdminRoutes, wrfRoutes };
}

export type AppsModule = ReturnType<typeof createAppsModule>;
