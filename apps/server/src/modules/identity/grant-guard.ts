import { Code } from '@starlight/contract/codes';
import type { AuditAction } from '@starlight/contract/audit';
import { AppError } from '../../lib/app-error';
import type { AdminContext, AuditWriter } from './admin-context';
import type { AdminUsersRepo } from './admin-users.repo';
import { builtinRoles, platformAdminRole } from './builtin-roles';

export interface GrantAttempt {
  action: AuditAction;
  /** The audit target (`user:alice`, `role:auditors`). */
  target: string;
  /** What was asked, for the audit line. */
  detail: string;
  /** Every key the change gives or takes away. */
  keys: readonly string[];
  /** Roles given or taken away by name (platform-admin needs a platform administrator). */
  roles?: readonly string[];
}

/** The keys of a code-defined role (group-admin, community-admin), given through the group/community administered. */
export function builtinKeys(name: string): readonly string[] {
  return builtinRoles.find((role) => role.name === name)?.keys ?? [];
}

/**
 * Nobody grants (or takes away) a role or a key they do not hold themselves, and platform-admin moves only at the hand
 * of a platform administrator (a holder of the role itself, not of some role that happens to list every key).
 * A refusal is 1403, audited as failed with what was asked and why.
 */
export function createGrantGuard({ adminUsers, audit }: { adminUsers: AdminUsersRepo; audit: AuditWriter }) {
  async function isPlatformAdmin(userId: number): Promise<boolean> {
    return (await adminUsers.rolesOf(userId)).some((role) => role.name === platformAdminRole);
  }

  return async function assertMayGrant(ctx: AdminContext, attempt: GrantAttempt): Promise<void> {
    const held = new Set<string>(ctx.actor.permissions);
    const missing = [...new Set(attempt.keys)].filter((key) => key !== 'binded_account' && !held.has(key));
    let reason = '';
    if (attempt.roles?.includes(platformAdminRole) && !(await isPlatformAdmin(ctx.actor.userId))) reason = `only a platform administrator grants ${platformAdminRole}`;
    else if (missing.length > 0) reason = `you do not hold ${missing.sort().join(', ')}`;
    if (!reason) return;
    await audit(ctx, attempt.action, attempt.target, `refused (${reason}): ${attempt.detail}`, 'failed');
    throw new AppError(Code.forbidden, `permission denied: ${reason}`);
  };
}

export type GrantGuard = ReturnType<typeof createGrantGuard>;
