import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import { Code } from '@starlight/contract/codes';
import { hasStatusBit, StatusBit } from '@starlight/contract/permissions';
import { previewMaxBytes, type DatafileInfo, type PreviewType, type ShareLink } from '@starlight/contract/storage';
import type { FileDriver, FileIdentity } from '../../drivers/files/interface';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { hashToken, newToken } from '../../lib/secrets';
import type { FileSharesRepo } from './file-shares.repo';
import { checkUtf8, previewContentType, sniffLength } from './preview';
import type { FindUser, IdentityOf } from './storage-account';

const gone = (): AppError => new AppError(Code.notFound, 'this link does not exist or has expired');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Read-only links to one file (spec §2 /datafile/view, a public route). The token is 256 random
 * bits; only its hash is stored (like sessions), with an expiry. Every use checks that the owner is
 * still bound to the same account, so unbinding ends the owner's links.
 */
export function createSharesService({
  repo,
  driver,
  identityOf,
  findUser,
  now = () => new Date(),
}: {
  repo: FileSharesRepo;
  driver: FileDriver;
  identityOf: IdentityOf;
  findUser: FindUser;
  now?: () => Date;
}) {
  async function resolve(token: string): Promise<{ identity: FileIdentity; path: string; expiresAt: Date }> {
    const row = await repo.findLive(hashToken(token), now());
    if (!row) throw gone();
    const owner = await findUser(row.userName);
    if (!owner || owner.id !== row.userId || !hasStatusBit(owner.status, StatusBit.boundAccount) || owner.systemAccount !== row.account) throw gone();
    return { identity: { account: row.account }, path: row.path, expiresAt: row.expiresAt };
  }

  /** How the page may show the file, decided from its first bytes (never from its name). */
  async function previewOf(identity: FileIdentity, path: string, size: number): Promise<PreviewType | null> {
    const head = size === 0 ? Buffer.alloc(0) : await readAll((await driver.readStream(identity, path, { start: 0, end: sniffLength - 1 })).stream);
    for (const type of ['image', 'pdf'] as const) {
      try {
        previewContentType(type, head);
        return size <= previewMaxBytes[type] ? type : null;
      } catch {
        // not this kind
      }
    }
    if (size > previewMaxBytes.text) return null;
    try {
      checkUtf8(size === 0 ? head : await readAll((await driver.readStream(identity, path)).stream));
      return 'text';
    } catch {
      return null;
    }
  }

  return {
    async create(actor: Actor, input: { path: string; expires_in_s: number }): Promise<ShareLink> {
      const identity = await identityOf(actor);
      const entry = await driver.stat(identity, input.path);
      if (entry.type !== 'file') throw new AppError(Code.invalidInput, 'only a file can be shared');
      const token = newToken();
      const expiresAt = new Date(now().getTime() + input.expires_in_s * 1000);
      await repo.insert({ tokenHash: hashToken(token), userId: actor.userId, userName: actor.userName, account: identity.account, path: input.path, expiresAt });
      return { token, url_path: `/datafile/view?token=${token}`, expires_at: expiresAt.toISOString() };
    },

    async info(token: string): Promise<DatafileInfo> {
      const { identity, path, expiresAt } = await resolve(token);
      const entry = await driver.stat(identity, path).catch(() => {
        throw gone();
      });
      if (entry.type !== 'file') throw gone();
      return { name: posix.basename(path), size: entry.size, mtime: entry.mtime, preview: await previewOf(identity, path, entry.size), expires_at: expiresAt.toISOString() };
    },

    /** The bytes, with the content type the preview rules allow (anything else: an attachment). */
    async content(token: string): Promise<{ name: string; preview: PreviewType | null; contentType: string; stream: Readable; size: number }> {
      const { identity, path } = await resolve(token);
      const entry = await driver.stat(identity, path).catch(() => {
        throw gone();
      });
      if (entry.type !== 'file') throw gone();
      const preview = await previewOf(identity, path, entry.size);
      const head = preview === 'image' ? await readAll((await driver.readStream(identity, path, { start: 0, end: sniffLength - 1 })).stream) : Buffer.alloc(0);
      const contentType = preview ? previewContentType(preview, head) : 'application/octet-stream';
      const read = await driver.readStream(identity, path);
      return { name: posix.basename(path), preview, contentType, stream: read.stream, size: read.size };
    },
  };
}

export type SharesService = ReturnType<typeof createSharesService>;
