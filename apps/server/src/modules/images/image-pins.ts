import { Code } from '@starlight/contract/codes';
import { digestPattern, repositoryNamePattern, tagPattern, type AppImage } from '@starlight/contract/images';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/actor';
import type { HubService } from './hub.service';
import type { ImagesRepo, RegistryRow } from './images.repo';
import type { RegistriesService } from './registries.service';

// `dockerPull: ref` in YAML, `"dockerPull": "ref"` in JSON: matched in the text, so a pinned text keeps its layout
const dockerPullPattern = /(["']?dockerPull["']?\s*:\s*["']?)([^\s"'#,}\]]+)/g;

/** Every DockerRequirement.dockerPull a CWL text names (requirements and hints, of every process in it), once each. */
export function dockerPullsOf(text: string): string[] {
  return [...new Set([...text.matchAll(dockerPullPattern)].map((match) => match[2]!))];
}

/** `host[:port]/name[:tag|@digest]` split; null host when the first component is not a registry host. */
export function parseReference(reference: string): { host: string | null; name: string; tag: string | null; digest: string | null } {
  const slash = reference.indexOf('/');
  const first = slash > 0 ? reference.slice(0, slash) : '';
  const isHost = first !== '' && (first.includes('.') || first.includes(':') || first === 'localhost');
  let rest = isHost ? reference.slice(slash + 1) : reference;
  let digest: string | null = null;
  const at = rest.indexOf('@');
  if (at >= 0) [rest, digest] = [rest.slice(0, at), rest.slice(at + 1)];
  const colon = rest.lastIndexOf(':');
  const tag = colon > rest.lastIndexOf('/') ? rest.slice(colon + 1) : null;
  return { host: isHost ? first : null, name: tag === null ? rest : rest.slice(0, colon), tag, digest };
}

interface PinDeps {
  repo: ImagesRepo;
  registries: RegistriesService;
  hub: HubService;
}

const invalid = (reference: string, message: string) =>
  new AppError(Code.invalidInput, `DockerRequirement.dockerPull ${reference}: ${message}`, { fields: [{ path: 'body.version', message: `dockerPull ${reference}: ${message}` }] });

/**
 * Images of the hub named by apps (issue 13 item 5): at launch each `dockerPull` of a registry of this console is
 * resolved, as the launching user (they must be allowed to pull it), to the digest its tag names now, and the
 * run's files name that digest, so the engine and any re-run of the run folder pull exactly these bytes.
 * References to other registries are left as written.
 */
export function createImagePins({ repo, registries, hub }: PinDeps) {
  async function hubRegistry(host: string | null): Promise<RegistryRow | null> {
    return host ? ((await repo.registries()).find((row) => row.pullHost === host) ?? null) : null;
  }

  /** The digest the reference names now, for a caller allowed to pull it; 1400 (as for a missing one) otherwise. */
  async function resolve(actor: Actor, reference: string, row: RegistryRow): Promise<string> {
    const ref = parseReference(reference);
    if (!repositoryNamePattern.test(ref.name) || (ref.tag !== null && !tagPattern.test(ref.tag)) || (ref.digest !== null && !digestPattern.test(ref.digest))) {
      throw invalid(reference, 'not a valid image reference');
    }
    await hub.open(actor, { registry_id: row.id, name: ref.name }).catch((error: unknown) => {
      throw error instanceof AppError && error.code === Code.notFound ? invalid(reference, 'no such image in the hub') : error;
    });
    const manifest = await registries
      .driverOf(row)
      .manifest(ref.name, ref.digest ?? ref.tag ?? 'latest')
      .catch((error: unknown) => {
        throw error instanceof AppError && error.code === Code.notFound ? invalid(reference, 'no such image in the hub') : error;
      });
    return manifest.digest;
  }

  return {
    /** The files with every hub `dockerPull` pinned to its digest, and what was pinned (reference → reference by digest). */
    async pin(actor: Actor, files: Record<string, string>): Promise<{ files: Record<string, string>; images: Record<string, string> }> {
      const images: Record<string, string> = {};
      for (const reference of new Set(Object.values(files).flatMap(dockerPullsOf))) {
        const ref = parseReference(reference);
        const row = await hubRegistry(ref.host);
        if (!row) continue;
        images[reference] = `${ref.host}/${ref.name}@${await resolve(actor, reference, row)}`;
      }
      const pinned: Record<string, string> = {};
      for (const [name, text] of Object.entries(files)) pinned[name] = text.replace(dockerPullPattern, (all, head: string, reference: string) => (images[reference] ? head + images[reference] : all));
      return { files: pinned, images };
    },

    /** The images an app's texts name, with what the hub knows of each (for `/label/app/image/{id}`). */
    async describe(actor: Actor, texts: string[]): Promise<AppImage[]> {
      const out: AppImage[] = [];
      for (const reference of new Set(texts.flatMap(dockerPullsOf))) {
        const ref = parseReference(reference);
        const row = await hubRegistry(ref.host);
        const item: AppImage = { reference, registry_id: row?.id ?? null, repository: row ? ref.name : null, tag: row ? (ref.tag ?? (ref.digest ? null : 'latest')) : null, digest: ref.digest, available: false, labels: [] };
        if (row) {
          item.digest = await resolve(actor, reference, row).catch((error: unknown) => {
            if (error instanceof AppError && error.code === Code.invalidInput) return null;
            throw error;
          });
          item.available = item.digest !== null;
          if (item.available) item.labels = (await repo.labelsOf(row.id, [ref.name])).map((label) => ({ id: label.id, name: label.name }));
        }
        out.push(item);
      }
      return out;
    },
  };
}

export type ImagePins = ReturnType<typeof createImagePins>;
