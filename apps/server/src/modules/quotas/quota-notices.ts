import { escapeHtml } from '../../lib/html';
import type { SendMessage } from '../messages/send.service';
import type { QuotasRepo } from './quotas.repo';

export interface QuotaChangeNotice {
  /** `cluster/partition` or the cluster alone (CPU-hour quotas). */
  where: string;
  what: 'grant' | 'grant_revoked' | 'user_quota' | 'cluster_quota';
}

const texts: Record<QuotaChangeNotice['what'], [zh: string, en: string]> = {
  grant: ['组配额已变更', 'Your group quota changed'],
  grant_revoked: ['组配额已撤销', 'Your group quota was revoked'],
  user_quota: ['用户配额已变更', 'Your quota changed'],
  cluster_quota: ['核时配额已变更', 'Your CPU-hour quota changed'],
};

/**
 * Tells the users a quota change reaches (a group's members, every user for an every-group grant,
 * or the one user) through the messages module's send. Telling never fails the change: failures are logged.
 */
export function createQuotaNotices({ repo, send, log = () => undefined }: { repo: QuotasRepo; send?: SendMessage; log?: (error: unknown, context: string) => void }) {
  async function tell(userIds: number[], notice: QuotaChangeNotice): Promise<void> {
    if (!send || userIds.length === 0) return;
    const [zh, en] = texts[notice.what];
    const where = escapeHtml(notice.where);
    await send({
      userIds,
      kind: 'quota_changed',
      title: `${zh} / ${en}: ${notice.where}`,
      body: `<p>${zh}：<b>${where}</b>。请在“集群配额”页查看当前限额。</p><p>${en}: <b>${where}</b>. See the cluster quota pages for the current limits.</p>`,
    }).catch((error: unknown) => log(error, `telling users of a quota change on ${notice.where}`));
  }
  return {
    /** null: every group, so every user. */
    async group(groupId: number | null, notice: QuotaChangeNotice): Promise<void> {
      if (!send) return;
      const users = await repo.usersOf({ groupIds: groupId === null ? undefined : [groupId] });
      await tell(users.map((u) => u.id), notice);
    },
    users: (userIds: number[], notice: QuotaChangeNotice) => tell(userIds, notice),
  };
}

export type QuotaNotices = ReturnType<typeof createQuotaNotices>;
