import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { namespaceOf, type NamespaceQuota, type Registry } from '@starlight/contract/images';
import type { z } from 'zod';
import type { registryCreateSchema, registryPatchSchema } from '@starlight/contract/images';
import { AppError, notFound } from '../../lib/app-error';
import { Code } from '@starlight/contract/codes';
import type { RegistryDriver } from '../../drivers/registry/interface';
import { createOciRegistry } from '../../drivers/registry/oci/oci-registry';
import { parseScope } from './access';
import type { ImagesRepo, QuotaRow, RegistryRow } from './images.repo';
import type { QuotaLedger } from './quota-ledger';
import type { SigningKey } from './signing-key';

const run = promisify(execFile);
/** The console's own identity at its registries (listing, sizes, deletes it has already checked). */
export const consoleSubject = '$starlight-console';
const catalogTtlMs = 10_000;
/** Usage older than this is recomputed before a push is allowed against a quota. */
const usageMaxAgeMs = 30_000;

export interface RegistriesDeps {
  repo: ImagesRepo;
  key: SigningKey;
  timeoutMs: number;
  registryBinary: string;
  ledger: QuotaLedger;
  now: () => Date;
}

export function registryOut(row: RegistryRow): Registry {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    pull_host: row.pullHost,
    auth: row.auth,
    gc_interval_hours: row.gcIntervalHours,
    gc_config_path: row.gcConfigPath,
    last_gc_at: row.lastGcAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export const quotaOut = (row: QuotaRow): NamespaceQuota => ({
  registry_id: row.registryId,
  namespace: row.namespace,
  quota_bytes: row.quotaBytes,
  used_bytes: row.usedBytes,
  recomputed_at: row.recomputedAt?.toISOString() ?? null,
});

/** Configured registries, a driver for each (as the console), a short catalog cache, usage and garbage collection. */
export function createRegistriesService({ repo, key, timeoutMs, registryBinary, ledger, now }: RegistriesDeps) {
  const drivers = new Map<number, { row: RegistryRow; driver: RegistryDriver }>();
  const catalogs = new Map<number, { at: number; names: Promise<string[]> }>();
  // after a push grant the catalog is read fresh for a while: the user who just pushed looks at once
  const freshUntil = new Map<number, number>();

  function driverOf(row: RegistryRow): RegistryDriver {
    const cached = drivers.get(row.id);
    if (cached && cached.row.url === row.url && cached.row.auth === row.auth) return cached.driver;
    const driver = createOciRegistry({
      url: row.url,
      name: row.name,
      timeoutMs,
      token:
        row.auth === 'console'
          ? async ({ service, scope }) => {
              const parsed = parseScope(scope);
              const access = parsed ? [{ type: parsed.type, name: parsed.name, actions: parsed.actions }] : [];
              return key.sign({ subject: consoleSubject, audience: service || row.name, access }, 120);
            }
          : undefined,
    });
    drivers.set(row.id, { row, driver });
    return driver;
  }

  async function rowOf(id: number): Promise<RegistryRow> {
    const row = await repo.registry(id);
    if (!row) throw notFound('registry');
    return row;
  }

  const service = {
    rowOf,
    driverOf,
    list: async () => (await repo.registries()).map(registryOut),
    async create(input: z.output<typeof registryCreateSchema>): Promise<Registry> {
      const row = await repo.insertRegistry({ name: input.name, url: input.url, pullHost: input.pull_host, auth: input.auth, gcIntervalHours: input.gc_interval_hours, gcConfigPath: input.gc_config_path });
      if (!row) throw new AppError(Code.conflict, `a registry named ${input.name} exists`);
      return registryOut(row);
    },
    async update(id: number, input: z.output<typeof registryPatchSchema>): Promise<Registry> {
      await rowOf(id);
      const row = await repo.updateRegistry(id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.pull_host !== undefined ? { pullHost: input.pull_host } : {}),
        ...(input.auth !== undefined ? { auth: input.auth } : {}),
        ...(input.gc_interval_hours !== undefined ? { gcIntervalHours: input.gc_interval_hours } : {}),
        ...(input.gc_config_path !== undefined ? { gcConfigPath: input.gc_config_path } : {}),
      }).catch(() => {
        throw new AppError(Code.conflict, 'a registry with this name exists');
      });
      catalogs.delete(id);
      return registryOut(row as RegistryRow);
    },
    async remove(id: number): Promise<void> {
      if (!(await repo.deleteRegistry(id))) throw notFound('registry');
      drivers.delete(id);
      catalogs.delete(id);
    },

    /** Every repository name of a registry (cached briefly: a page of the hub must not walk the catalog each time). */
    catalog(row: RegistryRow): Promise<string[]> {
      const cached = catalogs.get(row.id);
      if (cached && Date.now() - cached.at < catalogTtlMs && Date.now() > (freshUntil.get(row.id) ?? 0)) return cached.names;
      const names = driverOf(row).catalog();
      catalogs.set(row.id, { at: Date.now(), names });
      names.catch(() => catalogs.delete(row.id));
      return names;
    },
    forgetCatalog: (id: number) => catalogs.delete(id),
    /** A push was granted: the catalog is not served from the cache for the next minute. */
    pushGranted: (id: number) => freshUntil.set(id, Date.now() + 60_000),

    /**
     * A namespace's bytes from what the registry really holds: every blob (manifests, configs,
     * layers) reachable from a tag, each digest counted once across the namespace.
     */
    async recomputeUsage(row: RegistryRow, namespace: string): Promise<QuotaRow> {
      catalogs.delete(row.id);
      const usage = await service.namespaceUsage(row, namespace);
      ledger.recomputed(row.id, namespace, usage.blobs);
      return repo.setUsage(row.id, namespace, usage.bytes, now());
    },

    /**
     * What a namespace holds in the registry, read through the driver: repositories with at least one tag, tags,
     * and bytes (every blob — manifests, configs, layers — reachable from a tag, each digest once in the namespace).
     */
    async namespaceUsage(row: RegistryRow, namespace: string): Promise<{ repositories: number; tags: number; bytes: number; blobs: Map<string, number> }> {
      const driver = driverOf(row);
      const names = (await service.catalog(row)).filter((name) => namespaceOf(name) === namespace);
      const blobs = new Map<string, number>();
      let repositories = 0;
      let tags = 0;
      for (const name of names) {
        const tagNames = await driver.tags(name);
        if (tagNames.length > 0) repositories++;
        tags += tagNames.length;
        for (const tag of tagNames) {
          const image = await driver.image(name, tag).catch(() => null);
          for (const blob of image?.blobs ?? []) blobs.set(blob.digest, blob.size);
        }
      }
      return { repositories, tags, bytes: [...blobs.values()].reduce((sum, size) => sum + size, 0), blobs };
    },

    /** The namespace's quota row with usage at most 30 s old (recomputed if older), or null when it has no quota. */
    async limitedQuota(registryId: number, namespace: string): Promise<QuotaRow | null> {
      const quota = await repo.quota(registryId, namespace);
      if (!quota || quota.quotaBytes <= 0) return null;
      if (quota.recomputedAt && now().getTime() - quota.recomputedAt.getTime() <= usageMaxAgeMs) return quota;
      return service.recomputeUsage(await rowOf(registryId), namespace);
    },

    /** The registry's own `garbage-collect`, then every namespace's usage recomputed from what is left. */
    async garbageCollect(id: number): Promise<{ ran: boolean; output: string; quotas: NamespaceQuota[] }> {
      const row = await rowOf(id);
      let output = '';
      let ran = false;
      if (row.gcConfigPath) {
        try {
          const result = await run(registryBinary, ['garbage-collect', '--delete-untagged', row.gcConfigPath], { timeout: 10 * 60_000, maxBuffer: 4 * 1024 * 1024 });
          output = (result.stdout + result.stderr).slice(-4000);
          ran = true;
        } catch (error) {
          const e = error as { code?: string; stderr?: string; message: string };
          if (e.code === 'ENOENT') throw new AppError(Code.upstreamDown, `${registryBinary} is not installed here (apt-get install docker-registry)`);
          throw new AppError(Code.upstreamDown, `garbage-collect failed: ${(e.stderr ?? e.message).slice(-500)}`);
        }
        await repo.updateRegistry(id, { lastGcAt: now() });
      } else output = 'no registry configuration file set for this registry: only usage was recomputed';
      const namespaces = new Set((await repo.quotas(id)).map((quota) => quota.namespace));
      for (const name of await service.catalog(row)) namespaces.add(namespaceOf(name));
      const quotas: NamespaceQuota[] = [];
      for (const namespace of [...namespaces].sort()) quotas.push(quotaOut(await service.recomputeUsage(row, namespace)));
      return { ran, output, quotas };
    },

    /** Registries whose GC interval has passed (the leader's timer runs them). */
    async dueForGc(): Promise<number[]> {
      const at = now().getTime();
      return (await repo.registries())
        .filter((row) => row.gcIntervalHours > 0 && row.gcConfigPath && (!row.lastGcAt || at - row.lastGcAt.getTime() >= row.gcIntervalHours * 3_600_000))
        .map((row) => row.id);
    },
  };
  return service;
}

export type RegistriesService = ReturnType<typeof createRegistriesService>;
