import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { avatarAddressPrefix } from '@starlight/contract/profile';

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
 * Avatar files under DATA_DIR/avatars, named by a random UUID (the name is the only handle: the
 * serving route is public, so an <img> can show it without a token header).
 */
export function createAvatarStore(dataDir: string) {
  const dir = path.join(dataDir, 'avatars');
  const fileOf = (name: string): string | null => {
    if (!fileNamePattern.test(name)) return null;
    const file = path.resolve(dir, name);
    return path.dirname(file) === dir ? file : null;
  };
  return {
    async save(bytes: Buffer, kind: ImageKind): Promise<string> {
      await mkdir(dir, { recursive: true });
      const name = `${randomUUID()}.${kind}`;
      await writeFile(path.join(dir, name), bytes, { mode: 0o640 });
      return `${avatarAddressPrefix}${avatarRoute}/${name}`;
    },

    /** Removes a stored avatar of ours (an external URL is left alone). */
    async remove(avatar: string | null): Promise<void> {
      const prefix = `${avatarAddressPrefix}${avatarRoute}/`;
      if (!avatar?.startsWith(prefix)) return;
      const file = fileOf(avatar.slice(prefix.length));
      if (file) await rm(file, { force: true });
    },

    async read(name: string): Promise<{ bytes: Buffer; contentType: string } | null> {
      const file = fileOf(name);
      if (!file) return null;
      const bytes = await readFile(file).catch(() => null);
      const kind = bytes && imageKindOf(bytes);
      return bytes && kind ? { bytes, contentType: contentTypes[kind] } : null;
    },
  };
}

export type AvatarStore = ReturnType<typeof createAvatarStore>;
