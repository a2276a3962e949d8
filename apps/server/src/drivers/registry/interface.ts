import type { Platform } from '@starlight/contract/images';

/** Manifest media types the driver reads; anything else is refused as unknown (not guessed at). */
export const manifestTypes = {
  ociManifest: 'application/vnd.oci.image.manifest.v1+json',
  ociIndex: 'application/vnd.oci.image.index.v1+json',
  dockerManifest: 'application/vnd.docker.distribution.manifest.v2+json',
  dockerList: 'application/vnd.docker.distribution.manifest.list.v2+json',
} as const;
export const acceptManifests = Object.values(manifestTypes).join(', ');

export interface Descriptor {
  mediaType: string;
  digest: string;
  size: number;
  platform?: Platform;
}

export interface ManifestDoc {
  digest: string;
  mediaType: string;
  /** Bytes of the manifest itself. */
  size: number;
  config?: Descriptor;
  layers?: Descriptor[];
  manifests?: Descriptor[];
}

/** One platform's image of a tag: its manifest, config and layers. */
export interface PlatformImage {
  platform: Platform;
  digest: string;
  size: number;
  config: Descriptor;
  layers: Descriptor[];
}

export interface ImageInfo {
  digest: string;
  mediaType: string;
  /** Manifest(s) + config(s) + distinct layers, in bytes: what the tag holds on the registry. */
  size: number;
  images: PlatformImage[];
  /** Every blob the tag holds (manifests, configs, layers), each digest once. */
  blobs: { digest: string; size: number }[];
}

export interface HistoryEntry {
  created?: string;
  created_by?: string;
  empty_layer?: boolean;
}

export interface ImageConfig {
  created?: string;
  architecture?: string;
  os?: string;
  history?: HistoryEntry[];
}

/** Who the driver is asked to be at the registry: it answers a Bearer challenge with a token for the scope. */
export type TokenSource = (challenge: { service: string; scope: string }) => Promise<string>;

export interface RegistryDriver {
  ping(): Promise<void>;
  /** One page of `/v2/_catalog`; `next` is the `last` of the following page, or null. */
  catalogPage(pageSize: number, last?: string): Promise<{ repositories: string[]; next: string | null }>;
  /** Every repository, following the Link header; at most `limit` names. */
  catalog(limit?: number): Promise<string[]>;
  /** Tags of a repository; [] when the repository does not exist. */
  tags(repository: string): Promise<string[]>;
  manifest(repository: string, reference: string): Promise<ManifestDoc>;
  /** The tag resolved for every platform of its index (or the one of its manifest). */
  image(repository: string, reference: string): Promise<ImageInfo>;
  config(repository: string, digest: string): Promise<ImageConfig>;
  blobSize(repository: string, digest: string): Promise<number | null>;
  deleteManifest(repository: string, digest: string): Promise<void>;
}
