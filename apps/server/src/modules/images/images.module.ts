import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client';
import type { AuditRecorder, AuditService } from '../audit/audit.service';
import { createImagePublicGrants } from './application-grants';
import { createImageActivity } from './activity';
import { adminRoutes } from './admin.routes';
import { createAdminService } from './admin.service';
import { createHubService } from './hub.service';
import { hubRoutes } from './hub.routes';
import { imageLabelRoutes, type AppDocuments } from './image-labels.routes';
import { createImagePins } from './image-pins';
import { createImageLabelsService } from './image-labels.service';
import { createImagesRepo } from './images.repo';
import { createRegistriesService } from './registries.service';
import { createQuotaLedger } from './quota-ledger';
import { createRegistryGate } from './registry-gate';
import { registryGateRoutes } from './registry-gate.routes';
import { createSecretsService } from './secrets.service';
import { createSigningKey } from './signing-key';
import { createTokenService } from './token.service';

export interface ImagesModuleDeps {
  db: Database;
  dataDir: string;
  audit: AuditRecorder & Pick<AuditService, 'okEventsBetween'>;
  isPlatformAdmin: (userId: number, status: number) => Promise<boolean>;
  /** Registry calls give up after this (then 1502 naming the registry). */
  timeoutMs?: number;
  registryBinary?: string;
  now?: () => Date;
  /** The texts of an app's latest version for a caller who may read it (the apps module), for `/label/app/image/{id}`. */
  appDocuments: AppDocuments;
  log: (error: unknown, context: string) => void;
}

/** The image hub: registries, the token server, CLI secrets, repositories, quotas, labels on images. */
export function createImagesModule(deps: ImagesModuleDeps) {
  const now = deps.now ?? (() => new Date());
  const repo = createImagesRepo(deps.db);
  const key = createSigningKey(deps.dataDir, now);
  const ledger = createQuotaLedger(now);
  const registries = createRegistriesService({ repo, key, timeoutMs: deps.timeoutMs ?? 15_000, registryBinary: deps.registryBinary ?? '/usr/bin/docker-registry', ledger, now });
  const tokens = createTokenService({ repo, registries, ledger, key, audit: deps.audit, isPlatformAdmin: deps.isPlatformAdmin, now });
  const gate = createRegistryGate({ repo, registries, ledger, key, audit: deps.audit });
  const secrets = createSecretsService({ repo, audit: deps.audit, now });
  const hub = createHubService({ repo, registries, audit: deps.audit, now });
  const admin = createAdminService({ repo, registries, audit: deps.audit });
  const pins = createImagePins({ repo, registries, hub });
  const activity = createImageActivity({ audit: deps.audit, repo });
  const applicationGrants = createImagePublicGrants({ repo, registries, audit: deps.audit, now });

  const routes: FastifyPluginAsync<{ prefix: string }> = async (app) => {
    await app.register(hubRoutes, { hub, secrets, tokens, certificate: key.certificate });
    await app.register(adminRoutes, { admin });
    await app.register(imageLabelRoutes, { labels: createImageLabelsService(repo, hub), pins, appDocuments: deps.appDocuments });
  };

  /**
   * The leader looks every `periodMs` (STARLIGHT_IMAGE_GC_CHECK_MS, 10 minutes) for registries whose GC interval has
   * passed and runs them one by one (a round still running skips the next tick); a failure is logged and retried next round.
   */
  function startGcTimer(isLeader: () => boolean, periodMs = 10 * 60_000): { stop(): void } {
    let running = false;
    const timer = setInterval(() => {
      if (!isLeader() || running) return;
      running = true;
      void registries
        .dueForGc()
        .then(async (ids) => {
          for (const id of ids) await registries.garbageCollect(id);
        })
        .catch((error: unknown) => deps.log(error, 'image garbage collection'))
        .finally(() => (running = false));
    }, periodMs);
    timer.unref();
    return { stop: () => clearInterval(timer) };
  }

  /** Registered without the API prefix: registry clients always ask `<host>/v2/…`. */
  const gateRoutes: FastifyPluginAsync = async (app) => app.register(registryGateRoutes, { gate });

  return { key, registries, tokens, secrets, hub, admin, pins, activity, applicationGrants, routes, gateRoutes, startGcTimer };
}
