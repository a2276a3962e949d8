import type { z } from 'zod';
import { Code } from '@starlight/contract/codes';
import type { List } from '@starlight/contract/envelope';
import { namespaceOf, type Layer, type Repository, type Tag, type layerQuerySchema, type repositoryListQuerySchema, type repositoryPatchSchema, type tagDeleteSchema } from '@starlight/contract/images';
import { hasAnyPermission } from '@starlight/contract/permissions';
import type { Actor } from '../../lib/actor';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import type { AuditRecorder } from '../audit/audit.service';
import { allowedActions, type ImagePrincipal } from './access';
import type { ImagesRepo, RegistryRow } from './images.repo';
import type { RegistriesService } from './registries.service';

interface HubDeps {
  repo: ImagesRepo;
  registries: RegistriesService;
  audit: AuditRecorder;
  now: () => Date;
}

type Ref = { registry_id: number; name: string };
/** Tags resolved at once per repository page; more are listed by name only would mislead, so they are capped. */
const maxTags = 200;

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await fn(items[index] as T);
      }
    }),
  );
  return results;
}

/**
 * The hub as users see it: repositories they may pull (their namespace, their group's, library, public
 * ones), tags with size, digest, platforms and layers, visibility and deletes. A repository the caller
 * may not pull is answered exactly like a missing one (1404 'repository not found').
 */
export function createHubService({ repo, registries, audit, now }: HubDeps) {
  async function principalOf(actor: Actor | null): Promise<ImagePrincipal | null> {
    if (!actor) return null;
    const row = await repo.principalRow(actor.userName);
    return {
      userName: actor.userName,
      ownNamespace: row?.ownNamespace ?? null,
      groupName: row?.groupName ?? null,
      adminOf: row?.adminOf ?? [],
      platformAdmin: hasAnyPermission(['dchub-basic-admin'], actor.permissions),
    };
  }

  /** The registry, the caller's rights on the repository and its row; 1404 when they may not pull it. */
  async function open(actor: Actor | null, ref: Ref) {
    const row = await registries.rowOf(ref.registry_id);
    const stored = (await repo.repositoryRows(row.id, [ref.name]))[0];
    const allowed = allowedActions(await principalOf(actor), ref.name, stored?.public ?? false);
    if (!allowed.has('pull')) throw notFound('repository');
    return { row, allowed, stored };
  }

  async function registriesFor(registryId?: number): Promise<RegistryRow[]> {
    if (registryId) return [await registries.rowOf(registryId)];
    return repo.registries();
  }

  const pullOf = (row: RegistryRow, name: string, tag: string) => `docker pull ${row.pullHost}/${name}:${tag}`;

  return {
    /** The registry and the caller's rights on a repository; 1404 'repository not found' when they may not pull it. */
    open,
    /**
     * Of these (registry id, repository) pairs, those the caller may pull — by the rules the hub lists with; the
     * registry is not asked, so a name the registry has lost still answers as its namespace's rules say.
     */
    async pullable(actor: Actor | null, items: readonly { registryId: number; image: string }[]): Promise<Set<string>> {
      const principal = await principalOf(actor);
      const result = new Set<string>();
      const publicByRegistry = new Map<number, Set<string>>();
      for (const item of items) {
        let publicNames = publicByRegistry.get(item.registryId);
        if (!publicNames) publicByRegistry.set(item.registryId, (publicNames = await repo.publicNames(item.registryId)));
        if (allowedActions(principal, item.image, publicNames.has(item.image)).has('pull')) result.add(`${item.registryId}/${item.image}`);
      }
      return result;
    },
    async repositories(actor: Actor | null, query: z.output<typeof repositoryListQuerySchema>): Promise<List<Repository>> {
      const principal = await principalOf(actor);
      const labelled = query.label_id ? new Set(await repo.imagesWithLabel(query.label_id)) : null;
      const needle = query.field_lk_name?.toLowerCase();
      const visible: { row: RegistryRow; name: string; isPublic: boolean }[] = [];
      for (const row of await registriesFor(query.registry_id)) {
        const publicNames = await repo.publicNames(row.id);
        // anonymous callers see only what is marked public: the catalog is never walked for them
        const names = principal ? await registries.catalog(row) : [...publicNames];
        for (const name of names) {
          const isPublic = publicNames.has(name);
          if (!allowedActions(principal, name, isPublic).has('pull')) continue;
          if (needle && !name.includes(needle)) continue;
          if (labelled && !labelled.has(`${row.id}/${name}`)) continue;
          visible.push({ row, name, isPublic });
        }
      }
      const start = (query.page - 1) * query.page_size;
      const page = visible.slice(start, start + query.page_size);
      const list: Repository[] = [];
      for (const row of new Set(page.map((item) => item.row))) {
        const names = page.filter((item) => item.row === row).map((item) => item.name);
        const stored = new Map((await repo.repositoryRows(row.id, names)).map((r) => [r.name, r]));
        const labels = await repo.labelsOf(row.id, names);
        for (const name of names) {
          const allowed = allowedActions(principal, name, stored.get(name)?.public ?? false);
          list.push({
            registry_id: row.id,
            name,
            namespace: namespaceOf(name),
            public: stored.get(name)?.public ?? false,
            pull: `docker pull ${row.pullHost}/${name}`,
            labels: labels.filter((label) => label.image === name).map(({ id, name: labelName }) => ({ id, name: labelName })),
            can_push: allowed.has('push'),
            can_delete: allowed.has('delete'),
            readme: stored.get(name)?.readme ?? '',
          });
        }
      }
      return { list, total: visible.length };
    },

    async tags(actor: Actor | null, ref: Ref): Promise<List<Tag>> {
      const { row } = await open(actor, ref);
      const driver = registries.driverOf(row);
      const names = (await driver.tags(ref.name)).slice(0, maxTags);
      const list = await mapLimit(names, 6, async (tag): Promise<Tag> => {
        const image = await driver.image(ref.name, tag);
        const first = image.images[0];
        const config = first ? await driver.config(ref.name, first.config.digest).catch(() => null) : null;
        return {
          name: tag,
          digest: image.digest,
          media_type: image.mediaType,
          size: image.size,
          platforms: image.images.map((one) => one.platform),
          created: config?.created ?? null,
          pull: pullOf(row, ref.name, tag),
        };
      });
      return { list, total: list.length };
    },

    async layers(actor: Actor | null, query: z.output<typeof layerQuerySchema>): Promise<List<Layer>> {
      const { row } = await open(actor, query);
      const driver = registries.driverOf(row);
      const image = await driver.image(query.name, query.tag);
      const wanted = query.platform;
      const one = image.images.find((candidate) => !wanted || [candidate.platform.os, candidate.platform.architecture, candidate.platform.variant].filter(Boolean).join('/') === wanted) ?? image.images[0];
      if (!one) throw notFound('image');
      const config = await driver.config(query.name, one.config.digest);
      const layers = [...one.layers];
      const history = config.history ?? [];
      const list: Layer[] =
        history.length > 0
          ? history.map((entry) => {
              const layer = entry.empty_layer ? undefined : layers.shift();
              return { digest: layer?.digest ?? null, size: layer?.size ?? null, created_by: entry.created_by ?? '', created: entry.created ?? null, empty: entry.empty_layer === true };
            })
          : layers.map((layer) => ({ digest: layer.digest, size: layer.size, created_by: '', created: null, empty: false }));
      return { list, total: list.length };
    },

    /** Public/private and the README: whoever may push there (owner, group admin, platform admin). */
    async patch(actor: Actor, input: z.output<typeof repositoryPatchSchema>): Promise<Repository> {
      const { row, allowed } = await open(actor, input);
      if (!allowed.has('push')) throw forbidden();
      const tags = await registries.driverOf(row).tags(input.name);
      if (tags.length === 0) throw notFound('repository');
      const stored = await repo.upsertRepository(row.id, input.name, { public: input.public, readme: input.readme }, now());
      if (input.public !== undefined) {
        await audit.record({ action: 'image_visibility_change', result: 'ok', userId: actor.userId, userName: actor.userName, ip: '', userAgent: '', target: `image:${row.name}/${input.name}`, detail: input.public ? 'public' : 'private' });
      }
      const labels = await repo.labelsOf(row.id, [input.name]);
      return {
        registry_id: row.id,
        name: input.name,
        namespace: namespaceOf(input.name),
        public: stored?.public ?? false,
        pull: `docker pull ${row.pullHost}/${input.name}`,
        labels: labels.map(({ id, name }) => ({ id, name })),
        can_push: true,
        can_delete: allowed.has('delete'),
        readme: stored?.readme ?? '',
      };
    },

    /** Deletes the tag's manifest by digest (every tag on that digest goes with it, as the registry does). */
    async deleteTag(actor: Actor, input: z.output<typeof tagDeleteSchema>): Promise<{ digest: string }> {
      const { row, allowed } = await open(actor, input);
      if (!allowed.has('delete')) throw forbidden();
      const driver = registries.driverOf(row);
      const manifest = await driver.manifest(input.name, input.tag).catch((error: unknown) => {
        if (error instanceof AppError && error.code === Code.notFound) throw notFound('tag');
        throw error;
      });
      await driver.deleteManifest(input.name, manifest.digest);
      registries.forgetCatalog(row.id);
      await audit.record({ action: 'image_tag_delete', result: 'ok', userId: actor.userId, userName: actor.userName, ip: '', userAgent: '', target: `image:${row.name}/${input.name}:${input.tag}`, detail: manifest.digest });
      return { digest: manifest.digest };
    },
  };
}

export type HubService = ReturnType<typeof createHubService>;
