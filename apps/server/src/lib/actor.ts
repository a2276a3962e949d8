import type { PermissionKey } from '@starlight/contract/permissions';
import type { TokenType } from '@starlight/contract/auth';

/** Who is calling: resolved from the Bihu-Token header once per request. */
export interface Actor {
  userId: number;
  userName: string;
  status: number;
  permissions: readonly PermissionKey[];
  sessionId: number;
  tokenType: TokenType;
}
