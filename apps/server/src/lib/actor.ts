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
  /** The real user behind a switched-to session (spec §4 account switching); absent otherwise. */
  impersonator?: { userId: number; userName: string } | null;
}
