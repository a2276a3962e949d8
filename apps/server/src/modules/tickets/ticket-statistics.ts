import type { DailyRow, StatisticsSource } from '../statistics/sources';
import type { TicketsRepo } from './tickets.repo';

const inDay = (t: Date | null, from: Date, to: Date): t is Date => t !== null && t >= from && t < to;

/**
 * The `ticket` report's daily rows: tickets opened per category (`opened`), first responses with the
 * seconds waited (`first_response`), and resolutions with the seconds they took (`resolved`), each by
 * category (k1). Registered in app.ts with statistics.service.register.
 */
export function ticketsStatisticsSource(repo: Pick<TicketsRepo, 'between'>): StatisticsSource {
  return {
    name: 'ticket',
    async computeDay(from, to) {
      const sums = new Map<string, DailyRow>();
      const add = (metric: string, category: string, value: number) => {
        const key = `${metric}\u0000${category}`;
        const row = sums.get(key) ?? { metric, k1: category, value: 0, count: 0 };
        row.value += value;
        row.count += 1;
        sums.set(key, row);
      };
      for (const t of await repo.between(from, to)) {
        if (inDay(t.createdAt, from, to)) add('opened', t.category, 1);
        if (inDay(t.firstResponseAt, from, to)) add('first_response', t.category, (t.firstResponseAt.getTime() - t.createdAt.getTime()) / 1000);
        if (inDay(t.resolvedAt, from, to)) add('resolved', t.category, (t.resolvedAt.getTime() - t.createdAt.getTime()) / 1000);
      }
      return [...sums.values()];
    },
  };
}
