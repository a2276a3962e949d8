import type { Application, ApplicationKind, ApplicationState } from '@starlight/contract/approvals';

/** What an application asks for, in a line (the server's kinds describe it the same way). */
export function describeApplication(kind: ApplicationKind, payload: Record<string, unknown>): string {
  const s = (k: string) => String(payload[k] ?? '');
  if (kind === 'partition_access') return `${s('cluster_name')}/${s('partition_name')}`;
  if (kind === 'storage_quota') return `${s('cluster_name')}/${s('storage_name')} (${Math.round(Number(payload.limit_bytes ?? 0) / 2 ** 30)} GiB)`;
  if (kind === 'cpu_hours') return `${s('cpu_hours')} CPU hours${payload.cluster_name ? ` on ${s('cluster_name')}` : ''}`;
  if (kind === 'app_publish') return `publish app ${s('app_name')}`;
  if (kind === 'image_public') return `make image ${s('name')} public`;
  return s('group_name');
}

export const stateColors: Record<ApplicationState, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
  expired: 'warning',
  renewed: 'default',
};

export const detailPath = (id: number) => `/apply/approval-details/${id}`;
export type { Application };
