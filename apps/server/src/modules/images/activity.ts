import { namespaceOf } from '@starlight/contract/images';
import type { AuditService } from '../audit/audit.service';
import type { ImagesRepo } from './images.repo';

export interface ImageActivity {
  /** Each successful token grant of the period: `push` when push was granted, else `pull`. */
  grants: { namespace: string; repository: string; action: 'pull' | 'push'; userName: string }[];
  /** Bytes each namespace stores, as last recomputed (a snapshot: it has no history). */
  storage: { namespace: string; usedBytes: number }[];
}

/** `repository:<name>:<asked> -> <granted>` decisions of an image_token audit detail (token.service.ts writes them). */
export function grantsInDetail(detail: string): { repository: string; actions: string[] }[] {
  const out: { repository: string; actions: string[] }[] = [];
  for (const part of detail.split('; ')) {
    const match = /^repository:([^:\s]+):[^ ]* -> (\S+)$/.exec(part);
    if (match && match[2] !== 'nothing') out.push({ repository: match[1]!, actions: match[2]!.split(',') });
  }
  return out;
}

/**
 * The image hub's activity for the statistics module's image report: pulls and pushes are the tokens the
 * console granted (the registry itself reports no transfers to the console), storage is the namespaces'
 * recomputed usage.
 */
export function createImageActivity({ audit, repo }: { audit: Pick<AuditService, 'okEventsBetween'>; repo: Pick<ImagesRepo, 'quotas'> }) {
  return {
    async between(from: Date, to: Date): Promise<ImageActivity> {
      const events = await audit.okEventsBetween('image_token', from, to);
      const grants = events.flatMap((e) =>
        grantsInDetail(e.detail).map((g) => ({ namespace: namespaceOf(g.repository), repository: g.repository, action: g.actions.includes('push') ? ('push' as const) : ('pull' as const), userName: e.userName })),
      );
      const storage = new Map<string, number>();
      for (const q of await repo.quotas()) storage.set(q.namespace, (storage.get(q.namespace) ?? 0) + q.usedBytes);
      return { grants, storage: [...storage].map(([namespace, usedBytes]) => ({ namespace, usedBytes })) };
    },
  };
}
