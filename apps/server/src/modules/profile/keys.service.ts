import { Code } from '@starlight/contract/codes';
import { profileMessages, type SshKey } from '@starlight/contract/profile';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import type { AuditRecorder } from '../audit/audit.service';
import type { ClientInfo } from './account.service';
import { fieldError } from './field-error';
import type { ProfileRepo, SshKeyRow } from './profile.repo';
import { parsePublicKey } from './ssh-key';

const keyOf = (row: SshKeyRow): SshKey => ({
  id: row.id,
  type: row.keyType,
  fingerprint: row.fingerprint,
  comment: row.comment,
  created_at: row.createdAt.toISOString(),
});

/** A user's SSH public keys: real OpenSSH keys only, one owner per key platform-wide. */
export function createKeysService({ repo, audit, now }: { repo: ProfileRepo; audit?: AuditRecorder | undefined; now: () => Date }) {
  return {
    list: async (actor: Actor): Promise<SshKey[]> => (await repo.listKeys(actor.userId)).map(keyOf),

    async has(actor: Actor): Promise<{ has_key: boolean; count: number }> {
      const count = (await repo.listKeys(actor.userId)).length;
      return { has_key: count > 0, count };
    },

    async add(actor: Actor, text: string, client: ClientInfo): Promise<SshKey> {
      const parsed = parsePublicKey(text);
      if ('problem' in parsed) throw fieldError('public_key', parsed.problem);
      const row = await repo.insertKey({
        userId: actor.userId,
        keyType: parsed.type,
        fingerprint: parsed.fingerprint,
        comment: parsed.comment,
        publicKey: parsed.line,
        createdAt: now(),
      });
      if (!row) throw new AppError(Code.conflict, profileMessages.keyDuplicate, { fields: [{ path: 'body.public_key', message: profileMessages.keyDuplicate }] });
      await audit?.record({ action: 'ssh_key_add', result: 'ok', userId: actor.userId, userName: actor.userName, ...client, detail: parsed.fingerprint });
      return keyOf(row);
    },

    /** Only one's own key; another user's id is "not found". */
    async remove(actor: Actor, id: number, client: ClientInfo): Promise<void> {
      const row = await repo.deleteKey(actor.userId, id);
      if (!row) throw notFound('key');
      await audit?.record({ action: 'ssh_key_delete', result: 'ok', userId: actor.userId, userName: actor.userName, ...client, detail: row.fingerprint });
    },
  };
}

export type KeysService = ReturnType<typeof createKeysService>;
