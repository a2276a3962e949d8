import { summer, type StatisticsSource } from './sources';

const inDay = (d: Date | null, from: Date, to: Date): d is Date => d !== null && d >= from && d < to;

export interface RunActivityRow {
  app: string;
  user: string;
  state: string;
  createdAt: Date;
  startedAt: Date | null;
  endedAt: Date | null;
  labels: string[];
}
type RunsBetween = (from: Date, to: Date) => Promise<RunActivityRow[]>;
const finishedStates = new Set(['done', 'failed', 'cancelled']);

/**
 * Workflow runs (the application center's runs service): runs launched by app, each finished run's
 * outcome and duration (from its start, or its launch when it never started), success = done.
 */
export function workflowSource(runsBetween: RunsBetween): StatisticsSource {
  return {
    name: 'workflow',
    async computeDay(from, to) {
      const s = summer();
      for (const run of await runsBetween(from, to)) {
        if (inDay(run.createdAt, from, to)) s.add({ metric: 'launched', k1: run.app });
        if (inDay(run.endedAt, from, to) && finishedStates.has(run.state)) {
          s.add({ metric: 'ended', k1: run.app, k2: run.state }, Math.max(0, (run.endedAt.getTime() - (run.startedAt ?? run.createdAt).getTime()) / 1000));
          s.add({ metric: 'finished' });
          if (run.state === 'done') s.add({ metric: 'succeeded' });
        }
      }
      return s.rows();
    },
  };
}

/** App launches (the same runs, seen as launches): by app, by each label of the app, and who launched (one row per user and day). */
export function appSource(runsBetween: RunsBetween): StatisticsSource {
  return {
    name: 'app',
    async computeDay(from, to) {
      const s = summer();
      const launchers = new Set<string>();
      for (const run of await runsBetween(from, to)) {
        if (!inDay(run.createdAt, from, to)) continue;
        s.add({ metric: 'launch', k1: run.app });
        for (const label of run.labels) s.add({ metric: 'launch_label', k1: label });
        launchers.add(run.user);
      }
      for (const user of launchers) s.add({ metric: 'launcher', k1: user });
      return s.rows();
    },
  };
}

export interface ApprovalActivityRows {
  applied: { kind: string }[];
  decided: { kind: string; state: string; seconds: number }[];
  nodeDecisions: { kind: string; node: string; decision: string; waitedSeconds: number }[];
}

/** Applications (the approvals module's applications service): made by kind, outcomes with time to decision, and each node's wait. */
export function approvalSource(activityBetween: (from: Date, to: Date) => Promise<ApprovalActivityRows>): StatisticsSource {
  return {
    name: 'approval',
    async computeDay(from, to) {
      const s = summer();
      const activity = await activityBetween(from, to);
      for (const a of activity.applied) s.add({ metric: 'applied', k1: a.kind });
      for (const d of activity.decided) s.add({ metric: 'decided', k1: d.kind, k2: d.state }, d.seconds);
      for (const n of activity.nodeDecisions) s.add({ metric: 'node', k1: n.node, k2: n.kind, k3: n.decision }, n.waitedSeconds);
      return s.rows();
    },
  };
}

export interface ImageActivityRows {
  grants: { namespace: string; repository: string; action: 'pull' | 'push'; userName: string }[];
  storage: { namespace: string; usedBytes: number }[];
}

/**
 * The image hub (images module's activity): pulls and pushes granted by namespace, and the bytes each
 * namespace stores. Storage has no history, so it is recorded only for a day computed while it is recent
 * (today, or yesterday computed shortly after it ended), never back-filled into older days.
 */
export function imageSource(activityBetween: (from: Date, to: Date) => Promise<ImageActivityRows>, now: () => Date): StatisticsSource {
  return {
    name: 'image',
    async computeDay(from, to) {
      const s = summer();
      const activity = await activityBetween(from, to);
      for (const g of activity.grants) s.add({ metric: g.action, k1: g.namespace, k2: g.repository, k3: g.userName });
      if (now().getTime() - to.getTime() < 86_400_000) for (const n of activity.storage) s.add({ metric: 'storage', k1: n.namespace }, n.usedBytes);
      return s.rows();
    },
  };
}
