import type { z } from 'zod';
import type { List } from '@starlight/contract/envelope';
import type { UserUsage, NamespaceQuota, quotaListQuerySchema, quotaSetSchema, registryCreateSchema, registryPatchSchema } from '@starlight/contract/images';
import type { PageQuery } from '@starlight/contract/envelope';
import type { Actor } from '../../lib/actor';
import type { AuditAction } from '@starlight/contract/audit';
import type { AuditRecorder } from '../audit/audit.service';
import type { ImagesRepo } from './images.repo';
import { quotaOut, type RegistriesService } from './registries.service';

interface AdminDeps {
  repo: ImagesRepo;
  registries: RegistriesService;
  audit: AuditRecorder;
}

/** Registries, namespace quotas, garbage collection and per-user usage (dchub-basic-admin), each change audited. */
export function createAdminService({ repo, registries, audit }: AdminDeps) {
  const record = (actor: Actor, action: AuditAction, target: string, detail: string) =>
    audit.record({ action, result: 'ok', userId: actor.userId, userName: actor.userName, ip: '', userAgent: '', target, detail, impersonatorName: actor.impersonator?.userName });

  return {
    registries: async () => {
      const list = await registries.list();
      return { list, total: list.length };
    },
    async createRegistry(actor: Actor, input: z.output<typeof registryCreateSchema>) {
      const created = await registries.create(input);
      await record(actor, 'image_registry_change', `registry:${created.name}`, `added ${created.url}`);
      return created;
    },
    async updateRegistry(actor: Actor, id: number, input: z.output<typeof registryPatchSchema>) {
      const updated = await registries.update(id, input);
      await record(actor, 'image_registry_change', `registry:${updated.name}`, `changed ${Object.keys(input).join(', ')}`);
      return updated;
    },
    async removeRegistry(actor: Actor, id: number) {
      const row = await registries.rowOf(id);
      await registries.remove(id);
      await record(actor, 'image_registry_change', `registry:${row.name}`, 'removed from the console (its content is untouched)');
    },
    async garbageCollect(actor: Actor, id: number) {
      const result = await registries.garbageCollect(id);
      await record(actor, 'image_gc', `registry:${id}`, result.ran ? 'garbage-collect ran' : 'usage recomputed only');
      return result;
    },
    async quotas(query: z.output<typeof quotaListQuerySchema>): Promise<List<NamespaceQuota>> {
      const rows = await repo.quotas(query.registry_id);
      const start = (query.page - 1) * query.page_size;
      return { list: rows.slice(start, start + query.page_size).map(quotaOut), total: rows.length };
    },
    async setQuota(actor: Actor, input: z.output<typeof quotaSetSchema>): Promise<NamespaceQuota> {
      const row = await registries.rowOf(input.registry_id);
      await repo.setQuota(row.id, input.namespace, input.quota_bytes);
      await record(actor, 'image_quota_change', `namespace:${row.name}/${input.namespace}`, `${input.quota_bytes} bytes`);
      return quotaOut(await registries.recomputeUsage(row, input.namespace));
    },
    /**
     * Each user's own namespace (`<user>/…`) as the registries hold it now, summed over registries: repositories,
     * tags and bytes, read through the driver (not the quota rows, which exist only where a quota is set). A
     * registry that does not answer makes the page 1502 naming it.
     */
    async usage(query: PageQuery): Promise<List<UserUsage>> {
      const { list, total } = await repo.usersPage(query.page_size, (query.page - 1) * query.page_size);
      const rows = await repo.registries();
      const out: UserUsage[] = [];
      for (const user of list) {
        const usage: UserUsage = { user_name: user.userName, used_bytes: 0, repositories: 0, tags: 0, secrets: user.secrets };
        // a name that is reserved or a group's is not the user's namespace (images/access.ts)
        if (user.ownsNamespace)
          for (const row of rows) {
            const one = await registries.namespaceUsage(row, user.userName);
            usage.used_bytes += one.bytes;
            usage.repositories += one.repositories;
            usage.tags += one.tags;
          }
        out.push(usage);
      }
      return { list: out, total };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
