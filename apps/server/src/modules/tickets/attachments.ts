import { Code } from '@starlight/contract/codes';
import { attachmentMaxBytes, type AttachmentSource } from '@starlight/contract/tickets';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/actor';
import type { FilesService } from '../storage/files.service';

const invalid = (path: string, message: string) => new AppError(Code.invalidInput, message, { fields: [{ path, message }] });

export interface TicketAttachmentReader {
  /** The file's bytes, read from the caller's storage as their bound account; `field` names it in a 1400. */
  read(actor: Actor, source: AttachmentSource, field: string): Promise<{ name: string; content: Buffer }>;
}

/**
 * Attachments come out of the user's own storage through the storage module's files service: the same
 * path resolution, home confinement and bound-account checks as the file manager (a path outside the
 * home or another user's file fails there). Size is checked before reading and again while reading (the
 * file may grow in between).
 */
export function createAttachmentReader(files: Pick<FilesService, 'state' | 'download'>): TicketAttachmentReader {
  return {
    async read(actor, source, field) {
      const target = { ...(source.cluster ? { cluster: source.cluster } : {}), ...(source.storage ? { storage: source.storage } : {}) };
      const state = await files.state(actor, source.path, target);
      if (!state.exists || !state.entry) throw invalid(field, 'no such file');
      if (state.entry.type !== 'file') throw invalid(field, 'only a regular file can be attached');
      if (state.entry.size > attachmentMaxBytes) throw invalid(field, `larger than ${attachmentMaxBytes} bytes`);
      const download = await files.download(actor, source.path, undefined, target);
      if (download.kind !== 'file') throw invalid(field, 'only a regular file can be attached');
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of download.stream) {
        size += (chunk as Buffer).length;
        if (size > attachmentMaxBytes) {
          download.stream.destroy();
          throw invalid(field, `larger than ${attachmentMaxBytes} bytes`);
        }
        chunks.push(chunk as Buffer);
      }
      return { name: download.name, content: Buffer.concat(chunks) };
    },
  };
}
