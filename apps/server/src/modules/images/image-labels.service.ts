import type { z } from 'zod';
import { Code } from '@starlight/contract/codes';
import type { imageLabelRelationBodySchema, imageLabelRelationQuerySchema } from '@starlight/contract/images';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor } from '../../lib/actor';
import type { HubService } from './hub.service';
import type { ImagesRepo } from './images.repo';

const proxyTimeoutMs = 10_000;
type Body = z.output<typeof imageLabelRelationBodySchema>;

/** Spec §7 label relations on images, and whether a registry (proxy) address answers. */
export function createImageLabelsService(repo: ImagesRepo, hub: Pick<HubService, 'pullable'>) {
  return {
    /**
     * The relations on images the caller may pull (the hub's rules: own and group namespaces, library, public ones;
     * platform admins all). The filter runs before paging, so neither a private name nor a count leaks.
     */
    async list(actor: Actor, query: z.output<typeof imageLabelRelationQuerySchema>) {
      const all = await repo.labelRelations({ labelId: query.label_id, registryId: query.registry_id, image: query.image });
      const pullable = await hub.pullable(actor, all);
      const visible = all.filter((row) => pullable.has(`${row.registryId}/${row.image}`));
      const start = (query.page - 1) * query.page_size;
      const list = visible.slice(start, start + query.page_size);
      return { list: list.map((row) => ({ id: row.id, label_id: row.labelId, label_name: row.labelName, registry_id: row.registryId, image: row.image })), total: visible.length };
    },
    async add({ label_id, registry_id, image }: Body) {
      if (!(await repo.labelExists(label_id))) throw new AppError(Code.invalidInput, 'unknown label', { fields: [{ path: 'body.label_id', message: 'no such label' }] });
      if (!(await repo.registry(registry_id))) throw new AppError(Code.invalidInput, 'unknown registry', { fields: [{ path: 'body.registry_id', message: 'no such registry' }] });
      return { created: (await repo.addLabelRelation(label_id, registry_id, image)) !== null };
    },
    async remove({ label_id, registry_id, image }: Body) {
      if (!(await repo.deleteLabelRelation(label_id, registry_id, image))) throw notFound('label relation');
    },
    /** A registry answers /v2/ with 200 or 401 (a challenge); anything else, or nothing within 10 s, is not one. */
    async proxyAvailable(address: string) {
      let url: URL;
      try {
        url = new URL('/v2/', /^https?:\/\//.test(address) ? address : `https://${address}`);
      } catch {
        throw new AppError(Code.invalidInput, 'invalid address', { fields: [{ path: 'body.address', message: 'a host, host:port or URL' }] });
      }
      const started = Date.now();
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(proxyTimeoutMs), redirect: 'manual' });
        await response.body?.cancel();
        return { available: response.status === 200 || response.status === 401, status: response.status, ms: Date.now() - started };
      } catch {
        return { available: false, status: null, ms: Date.now() - started };
      }
    },
  };
}

export type ImageLabelsService = ReturnType<typeof createImageLabelsService>;
