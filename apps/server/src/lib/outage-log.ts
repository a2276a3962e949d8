export interface Outage {
  since: number;
  failures: number;
  reason: string;
}

/**
 * One line when something starts failing and one when it works again (how long, how many failed attempts),
 * nothing in between: work retried on every request (a listing page asks about twice a second) would
 * otherwise log each attempt of an outage. Keys name what fails (a cluster's job sync, its partitions).
 */
export function createOutageLog(log: (error: unknown, context: string) => void, notice: (message: string) => void = () => undefined) {
  const open = new Map<string, Outage>();
  return {
    failed(key: string, error: unknown, context: string): void {
      const reason = error instanceof Error ? error.message : String(error);
      const outage = open.get(key);
      if (outage) {
        outage.failures++;
        outage.reason = reason;
        return;
      }
      open.set(key, { since: Date.now(), failures: 1, reason });
      log(error, `${context} failed; further failures are counted, not logged, until it works again`);
    },
    succeeded(key: string, context: string): void {
      const outage = open.get(key);
      if (!outage) return;
      open.delete(key);
      notice(`${context} works again after ${Math.round((Date.now() - outage.since) / 1000)} s (${outage.failures} failed attempts)`);
    },
    current: (key: string): Outage | undefined => open.get(key),
  };
}
