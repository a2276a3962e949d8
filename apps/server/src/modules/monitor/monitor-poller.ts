/**
 * Looks at every node every `seconds` (STARLIGHT_MONITOR_POLL_S), so node state changes reach the events
 * log while no monitor page is open. Of several instances only the leader polls (`isLeader`, the cluster
 * bus); should two ever overlap, the events repo's compare-and-set still records each change once.
 * `stop()` waits for a poll in flight (the database closes after it).
 */
export function startMonitorPoller({
  seconds,
  poll,
  log,
  isLeader = () => true,
}: {
  seconds: number;
  poll: () => Promise<void>;
  log: (error: unknown, context: string) => void;
  isLeader?: () => boolean;
}) {
  let inflight: Promise<void> | null = null;
  const timer =
    seconds > 0
      ? setInterval(() => {
          if (!isLeader()) return;
          inflight ??= poll()
            .catch((error: unknown) => log(error, 'polling node states'))
            .finally(() => {
              inflight = null;
            });
        }, seconds * 1000)
      : null;
  timer?.unref();
  return {
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      await inflight;
    },
  };
}
