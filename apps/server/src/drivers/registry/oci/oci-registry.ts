import { Code } from '@starlight/contract/codes';
import type { Platform } from '@starlight/contract/images';
import { AppError } from '../../../lib/app-error';
import {
  acceptManifests,
  manifestTypes,
  type Descriptor,
  type ImageConfig,
  type ImageInfo,
  type ManifestDoc,
  type PlatformImage,
  type RegistryDriver,
} from '../interface';
import { createRegistryHttp, nextLast, upstream, type RegistryHttpOptions } from './http';

const pull = (repository: string) => `repository:${repository}:pull`;
/** A config blob bigger than this is not an image config; refusing it keeps memory bounded. */
const maxCachedConfigs = 500;
const maxConfigBytes = 4 * 1024 * 1024;
const indexTypes: readonly string[] = [manifestTypes.ociIndex, manifestTypes.dockerList];
const imageTypes: readonly string[] = [manifestTypes.ociManifest, manifestTypes.dockerManifest];

/** The OCI Distribution API (distribution 2.x/3.x, Harbor, any conforming registry). */
export function createOciRegistry(options: RegistryHttpOptions): RegistryDriver {
  const http = createRegistryHttp(options);
  const name = options.name;

  async function json<T>(response: Response, what: string): Promise<T> {
    try {
      return (await response.json()) as T;
    } catch {
      throw upstream(`image registry ${name} answered ${what} without JSON`);
    }
  }

  async function manifest(repository: string, reference: string): Promise<ManifestDoc> {
    const response = await http.request(`/v2/${repository}/manifests/${reference}`, { headers: { Accept: acceptManifests } }, pull(repository));
    if (response.status === 404 || response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new AppError(Code.notFound, 'image not found');
    }
    if (!response.ok) throw upstream(`image registry ${name} answered HTTP ${response.status} for a manifest`);
    const text = await response.text();
    const body = JSON.parse(text) as { mediaType?: string; config?: Descriptor; layers?: Descriptor[]; manifests?: Descriptor[] };
    const mediaType = body.mediaType ?? response.headers.get('content-type')?.split(';')[0] ?? '';
    if (![...indexTypes, ...imageTypes].includes(mediaType)) {
      throw new AppError(Code.invalidInput, `unsupported manifest media type ${JSON.stringify(mediaType.slice(0, 100))}`);
    }
    return {
      digest: response.headers.get('docker-content-digest') ?? reference,
      mediaType,
      size: Buffer.byteLength(text),
      config: body.config,
      layers: body.layers,
      manifests: body.manifests,
    };
  }

  const configs = new Map<string, ImageConfig>();
  async function fetchConfig(repository: string, digest: string): Promise<ImageConfig> {
    const response = await http.request(`/v2/${repository}/blobs/${digest}`, {}, pull(repository));
    if (response.status === 404) {
      await response.body?.cancel();
      throw new AppError(Code.notFound, 'image config not found');
    }
    const length = Number(response.headers.get('content-length') ?? 0);
    if (!response.ok || length > maxConfigBytes) {
      await response.body?.cancel();
      throw upstream(`image registry ${name} did not give the image config (HTTP ${response.status}, ${length} bytes)`);
    }
    return json<ImageConfig>(response, 'an image config');
  }

  const driver: RegistryDriver = {
    async ping() {
      const response = await http.request('/v2/', {}, '');
      await response.body?.cancel();
      if (response.status !== 200 && response.status !== 401) throw upstream(`image registry ${name} answered HTTP ${response.status} on /v2/`);
    },

    async catalogPage(pageSize, last) {
      const query = new URLSearchParams({ n: String(pageSize) });
      if (last) query.set('last', last);
      const response = await http.request(`/v2/_catalog?${query}`, {}, 'registry:catalog:*');
      if (!response.ok) {
        await response.body?.cancel();
        throw upstream(`image registry ${name} refused the catalog (HTTP ${response.status})`);
      }
      const body = await json<{ repositories?: string[] | null }>(response, 'the catalog');
      return { repositories: body.repositories ?? [], next: nextLast(response.headers.get('link')) };
    },

    async catalog(limit = 100_000) {
      const all: string[] = [];
      let last: string | undefined;
      do {
        const page = await driver.catalogPage(1000, last);
        all.push(...page.repositories);
        last = page.next ?? undefined;
      } while (last && all.length < limit);
      return all.slice(0, limit);
    },

    async tags(repository) {
      const tags: string[] = [];
      let last: string | undefined;
      do {
        const query = new URLSearchParams({ n: '1000' });
        if (last) query.set('last', last);
        const response = await http.request(`/v2/${repository}/tags/list?${query}`, {}, pull(repository));
        if (response.status === 404) {
          await response.body?.cancel();
          return [];
        }
        if (!response.ok) {
          await response.body?.cancel();
          throw upstream(`image registry ${name} refused the tag list (HTTP ${response.status})`);
        }
        const body = await json<{ tags?: string[] | null }>(response, 'a tag list');
        tags.push(...(body.tags ?? []));
        last = nextLast(response.headers.get('link')) ?? undefined;
      } while (last);
      return tags;
    },

    manifest,

    async image(repository, reference): Promise<ImageInfo> {
      const top = await manifest(repository, reference);
      const children: { doc: ManifestDoc; platform?: Platform }[] = [];
      if (indexTypes.includes(top.mediaType)) {
        // attestation manifests (unknown/unknown) are not runnable images; they are listed by nobody
        const entries = (top.manifests ?? []).filter((entry) => entry.platform?.os !== 'unknown');
        for (const entry of entries) children.push({ doc: await manifest(repository, entry.digest), platform: entry.platform });
      } else children.push({ doc: top });
      const images: PlatformImage[] = [];
      const blobs = new Map<string, number>([[top.digest, top.size]]);
      for (const { doc, platform } of children) {
        if (!doc.config) continue;
        const config = platform ? null : await driver.config(repository, doc.config.digest).catch(() => null);
        const layers = doc.layers ?? [];
        images.push({
          platform: platform ?? { os: config?.os ?? 'unknown', architecture: config?.architecture ?? 'unknown' },
          digest: doc.digest,
          size: doc.config.size + layers.reduce((sum, layer) => sum + layer.size, 0),
          config: doc.config,
          layers,
        });
        for (const blob of [doc, doc.config, ...layers]) blobs.set(blob.digest, blob.size);
      }
      const list = [...blobs].map(([digest, size]) => ({ digest, size }));
      return { digest: top.digest, mediaType: top.mediaType, size: list.reduce((sum, blob) => sum + blob.size, 0), images, blobs: list };
    },

    async config(repository, digest) {
      // content-addressed, so immutable: a tag list asks for each config twice (platform, then created time)
      const key = `${repository}@${digest}`;
      const cached = configs.get(key);
      if (cached) return cached;
      const config = await fetchConfig(repository, digest);
      if (configs.size >= maxCachedConfigs) configs.delete(configs.keys().next().value as string);
      configs.set(key, config);
      return config;
    },

    async blobSize(repository, digest) {
      const response = await http.request(`/v2/${repository}/blobs/${digest}`, { method: 'HEAD' }, pull(repository));
      if (!response.ok) return null;
      return Number(response.headers.get('content-length') ?? 0);
    },

    async deleteManifest(repository, digest) {
      const response = await http.request(`/v2/${repository}/manifests/${digest}`, { method: 'DELETE' }, `repository:${repository}:delete`);
      await response.body?.cancel();
      if (response.status === 404) throw new AppError(Code.notFound, 'image not found');
      if (response.status === 405) throw upstream(`image registry ${name} does not allow deletes (storage.delete.enabled is off)`);
      if (!response.ok) throw upstream(`image registry ${name} refused the delete (HTTP ${response.status})`);
    },
  };
  return driver;
}
