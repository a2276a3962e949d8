import { Code } from '@starlight/contract/codes';
import { hasStatusBit, StatusBit } from '@starlight/contract/permissions';
import type { FileIdentity } from '../../drivers/files/interface';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';

/** What storage needs of identity: the user's current status and bound account (never a cached copy). */
export type FindUser = (userName: string) => Promise<{ id: number; status: number; systemAccount: string | null } | null>;

export const bindFirstInfo = 'bind a system account first';

/**
 * Files act as the bound system account (ARCHITECTURE §1): status bit 1 and an account name, read
 * fresh on every call so an unbinding takes effect at once. Otherwise 1403.
 */
export function createStorageAccount(findUser: FindUser) {
  return async function identityOf(actor: Actor): Promise<FileIdentity> {
    const user = await findUser(actor.userName);
    if (!user || user.id !== actor.userId || !hasStatusBit(user.status, StatusBit.boundAccount) || !user.systemAccount)
      throw new AppError(Code.forbidden, bindFirstInfo);
    return { account: user.systemAccount };
  };
}

export type IdentityOf = ReturnType<typeof createStorageAccount>;
