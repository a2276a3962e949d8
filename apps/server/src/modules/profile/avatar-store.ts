import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { avatarAddressPrefix } from '@starlight/contract/profile';
import type { AvatarsRepo } from './avatars.repo';

export type ImageKind = 'png' | 'jpg' | 'webp';

/** The image type by its first bytes (never by the name or the declared content type). */
export function imageKindOf(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export const contentTypes: Record<ImageKind, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };
const fileNamePattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp)$/;
/** The route the files are served from (under the API base); the stored avatar is `{address}` + this + name. */
export const avatarRoute = '/user/avatar';

/**
 * Avatars in the database (any console instance serves them), named by a random UUID (the name is the
 * only handle: the serving route is public, so an <img> can show it without a token header).
 */
export function createAvatarStore(repo: AvatarsRepo) {
  const prefix = `${avatarAddressPrefix}${avatarRoute}/`;
  const nameOf = (avatar: string | null): string | null => {
    if (!avatar?.startsWith(prefix)) return null;
    const name = avatar.slice(prefix.length);
    return fileNamePattern.test(name) ? name : null;
  };
  return {
    async save(userId: number, bytes: Buffer, kind: ImageKind): Promise<string> {
      const name = `${randomUUID()}.${kind}`;
      await repo.insert({ name, userId, contentType: contentTypes[kind], bytes });
      return `${prefix}${name}`;
    },

    /** Removes a stored avatar of ours (an external URL is left alone). */
    async remove(avatar: string | null): Promise<void> {
      const name = nameOf(avatar);
      if (name) await repo.remove(name);
    },

    async read(name: string): Promise<{ bytes: Buffer; contentType: string } | null> {
      if (!fileNamePattern.test(name)) return null;
      return (await repo.get(name)) ?? null;
    },

    /**
     * Start-up backfill: avatars that earlier versions wrote to DATA_DIR/avatars are copied into the
     * database once (the files are left where they are); a file that is gone is skipped.
     */
    async importFromDisk(dataDir: string): Promise<number> {
      let imported = 0;
      for (const { userId, avatar } of await repo.withoutRow(prefix)) {
        const name = nameOf(avatar);
        if (!name) continue;
        const bytes = await readFile(path.join(dataDir, 'avatars', name)).catch(() => null);
        const kind = bytes && imageKindOf(bytes);
        if (!bytes || !kind) continue;
        await repo.insert({ name, userId, contentType: contentTypes[kind], bytes });
        imported++;
      }
      return imported;
    },
  };
}

export type AvatarStore = ReturnType<typeof createAvatarStore>;
