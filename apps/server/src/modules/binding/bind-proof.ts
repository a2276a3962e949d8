import { bindProofFile } from '@starlight/contract/hpc';
import type { FileDriver } from '../../drivers/files/interface';

/** More than a uuid and some whitespace is not a proof file. */
const maxProofBytes = 4096;

/**
 * Whether `~/.starlight-bind` in the account's home holds the uuid, read over SFTP logged in as the
 * account itself (the cluster's service key): only someone who controls the account can have written
 * it there. Any failure to read (no file, unreadable, cluster down) is "not proven" with the reason.
 */
export async function readBindProof(files: FileDriver, account: string, uuid: string): Promise<{ proven: boolean; reason: string }> {
  try {
    const read = await files.readStream({ account }, bindProofFile, { start: 0, end: maxProofBytes - 1 });
    const chunks: Buffer[] = [];
    for await (const chunk of read.stream) chunks.push(Buffer.from(chunk as Buffer));
    const text = Buffer.concat(chunks).toString('utf8');
    const proven = text.split(/\s+/).some((word) => word === uuid);
    return { proven, reason: proven ? 'ok' : `~/${bindProofFile} of ${account} does not hold this uuid` };
  } catch (error) {
    return { proven: false, reason: `~/${bindProofFile} of ${account} could not be read (${(error as Error).message})` };
  }
}
