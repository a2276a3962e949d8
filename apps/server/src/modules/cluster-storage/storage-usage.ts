export interface Usage {
  bytes: number;
  /** The walk stopped at its entry bound: `bytes` is a lower bound. */
  truncated: boolean;
  measuredAt: number;
}

/**
 * Usage per (storage, account), cached for `ttlMs`; concurrent loads of the same key share one walk
 * (§4); a failed load is not kept; writes call `invalidate` so the next check measures again.
 */
export function createUsageCache({ ttlMs, now = () => Date.now() }: { ttlMs: number; now?: () => number }) {
  const values = new Map<string, Usage>();
  const loading = new Map<string, Promise<Usage>>();
  // a walk that started before a write must not store its (older) answer after it
  const generations = new Map<string, number>();
  const key = (storageId: number, account: string): string => `${storageId}:${account}`;
  return {
    get(storageId: number, account: string, load: () => Promise<Omit<Usage, 'measuredAt'>>): Promise<Usage> {
      const k = key(storageId, account);
      const cached = values.get(k);
      if (cached && now() - cached.measuredAt < ttlMs) return Promise.resolve(cached);
      const inFlight = loading.get(k);
      if (inFlight) return inFlight;
      const generation = generations.get(k) ?? 0;
      const started = load()
        .then((u) => {
          const usage = { ...u, measuredAt: now() };
          if ((generations.get(k) ?? 0) === generation) values.set(k, usage);
          return usage;
        })
        .finally(() => {
          if (loading.get(k) === started) loading.delete(k);
        });
      loading.set(k, started);
      return started;
    },
    /** What is known without measuring (replies to lists must not walk every home). */
    peek: (storageId: number, account: string): Usage | undefined => values.get(key(storageId, account)),
    invalidate(storageId: number, account: string): void {
      const k = key(storageId, account);
      generations.set(k, (generations.get(k) ?? 0) + 1);
      values.delete(k);
      loading.delete(k);
    },
  };
}

export type UsageCache = ReturnType<typeof createUsageCache>;
