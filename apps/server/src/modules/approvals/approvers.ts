import type { Approvers } from '@starlight/contract/approvals';
import type { Actor } from '../../lib/actor';
import type { ApplicationRow, ApprovalsRepo } from './approvals.repo';

export type Node = { name: string; mode: 'any' | 'all'; approvers: Approvers };

export const nodesOf = (row: Pick<ApplicationRow, 'nodes'>): Node[] => row.nodes as Node[];

/**
 * Who decides node `index` of an application: the users its rules name, never the applicant. A node
 * whose rules name nobody (a group without administrators, a role nobody holds) falls to the holders
 * of manage_approval, so no application waits for good and none passes unseen.
 */
export async function approversOf(repo: Pick<ApprovalsRepo, 'approverIds'>, row: ApplicationRow, index: number): Promise<number[]> {
  const node = nodesOf(row)[index];
  if (!node) return [];
  const rules = node.approvers;
  const named = await repo.approverIds({ perms: rules.perms, roleIds: rules.role_ids, groupAdminOf: rules.group_admin ? row.groupId : null, userIds: rules.user_ids });
  const others = named.filter((id) => id !== row.applicantId);
  if (others.length > 0) return others;
  return (await repo.approverIds({ perms: ['manage_approval'], roleIds: [], groupAdminOf: null, userIds: [] })).filter((id) => id !== row.applicantId);
}

/**
 * Whether the actor decides that node: one of `approversOf`, or holding one of its permission keys
 * through a group or community administration (keys the role table alone does not show).
 */
export function isApprover(actor: Actor, row: ApplicationRow, index: number, approvers: readonly number[]): boolean {
  if (actor.userId === row.applicantId) return false;
  if (approvers.includes(actor.userId)) return true;
  const perms = nodesOf(row)[index]?.approvers.perms ?? [];
  return perms.some((key) => actor.permissions.includes(key));
}
