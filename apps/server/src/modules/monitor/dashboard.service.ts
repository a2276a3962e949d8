import type { MonitorDashboard } from '@starlight/contract/monitor';
import type { DashboardRepo } from './dashboard.repo';

/** The external monitoring dashboard's address: read by its openers, set or cleared (null) by a monitoring administrator. */
export function createDashboardService({ repo }: { repo: DashboardRepo }) {
  const get = async (): Promise<MonitorDashboard> => {
    const stored = await repo.get();
    return { url: stored?.url ?? null, updated_at: stored?.updatedAt.toISOString() ?? null };
  };
  return {
    get,
    async set(url: string | null): Promise<MonitorDashboard> {
      if (url === null) await repo.clear();
      else await repo.put(url);
      return get();
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
