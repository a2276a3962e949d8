/**
 * What a module hands the statistics module so its report can be computed: the rows of one UTC day,
 * computed from that module's own service (never its tables). The statistics module stores them in
 * stat_daily and answers every report from there. The application center, workflows, image hub,
 * approvals and tickets implement this when they land (see README: the sources still missing).
 */
export interface DailyRow {
  metric: string;
  /** Up to four dimension values ('' when unused), as the source defines them. */
  k1?: string;
  k2?: string;
  k3?: string;
  k4?: string;
  /** A sum (core-seconds, seconds waited …). */
  value: number;
  /** How many events made the value. */
  count: number;
}

/** Sums rows by their metric and dimensions (value added, count + 1 per event). */
export function summer() {
  const sums = new Map<string, DailyRow>();
  return {
    add(row: Omit<DailyRow, 'value' | 'count'>, value = 1) {
      const key = [row.metric, row.k1, row.k2, row.k3, row.k4].join('\u0000');
      const found = sums.get(key) ?? { ...row, value: 0, count: 0 };
      found.value += value;
      found.count += 1;
      sums.set(key, found);
    },
    rows: () => [...sums.values()],
  };
}
export interface StatisticsSource {
  /** The stat_daily `source` key. */
  readonly name: string;
  computeDay(from: Date, to: Date): Promise<DailyRow[]>;
}

/** Active users from identity (registrations) and audit (sign-ins): one `active` row per user and day, so weeks and months count distinct users. */
export function activeUsersSource(deps: {
  signInsBetween: (from: Date, to: Date) => Promise<{ userName: string; result: string; detail: string }[]>;
  registeredBetween: (from: Date, to: Date) => Promise<{ userName: string }[]>;
}): StatisticsSource {
  return {
    name: 'active-users',
    async computeDay(from, to) {
      const [signIns, registered] = await Promise.all([deps.signInsBetween(from, to), deps.registeredBetween(from, to)]);
      const rows: DailyRow[] = [];
      const active = new Set(signIns.filter((s) => s.result === 'ok').map((s) => s.userName));
      for (const user of active) rows.push({ metric: 'active', k1: user, value: 1, count: 1 });
      const byMethod = new Map<string, number>();
      for (const s of signIns) {
        const method = `${s.detail.match(/method=(\w+)/)?.[1] ?? 'password'}:${s.result}`;
        byMethod.set(method, (byMethod.get(method) ?? 0) + 1);
      }
      for (const [method, n] of byMethod) rows.push({ metric: 'sign_in', k1: method, value: n, count: n });
      if (registered.length > 0) rows.push({ metric: 'registered', value: registered.length, count: registered.length });
      return rows;
    },
  };
}

export interface EndedJob {
  cluster: string;
  partition: string;
  userAccount: string;
  chargeAccount: string;
  cpus: number;
  coreSeconds: number | null;
  submitTime: Date;
  startTime: Date | null;
}

/** Job sizes as the resource report buckets them (cores). */
export const sizeBucket = (cpus: number): string => (cpus <= 1 ? '1' : cpus <= 4 ? '2-4' : cpus <= 16 ? '5-16' : cpus <= 64 ? '17-64' : '65+');

/**
 * Core-seconds rolled up once per chart dimension (cluster; cluster+partition; cluster+group; cluster+user),
 * each its own metric: a chart reads only its own small rows. One row keyed by all four made about one
 * daily row per job at 5,000 users × 50 partitions, no fewer than the raw jobs (bench/statistics.mjs).
 * k1 is always the cluster, so the cluster filter applies to each.
 */
export function addCore(add: (row: Omit<DailyRow, 'value' | 'count'>, value: number) => void, cluster: string, partition: string, group: string, user: string, seconds: number, community = noCommunity): void {
  add({ metric: 'core_cluster', k1: cluster }, seconds);
  add({ metric: 'core_community', k1: cluster, k2: community }, seconds);
  add({ metric: 'core_partition', k1: cluster, k2: partition }, seconds);
  add({ metric: 'core_group', k1: cluster, k2: group }, seconds);
  // k3: the group, for the group filter (a user charges one or a few groups: hardly more rows)
  add({ metric: 'core_user', k1: cluster, k2: user, k3: group }, seconds);
}

/** The community shown for a group that belongs to none. */
export const noCommunity = 'none';

/** GPU-seconds of one accounting row: by cluster, partition, group (k3, the filter's key) and community (k4). */
export function addGpu(add: (row: Omit<DailyRow, 'value' | 'count'>, value: number) => void, row: { cluster: string; partition: string; group: string; community: string; gpuSeconds: number }): void {
  add({ metric: 'gpu', k1: row.cluster, k2: row.partition, k3: row.group, k4: row.community }, row.gpuSeconds);
}

/**
 * One ended job's rows: its core-seconds (addCore), its wait (when it started) and its size with a twin that
 * carries the group (k3) for the group filter. Partition × group rows are not kept: at 5,000 users × 50
 * partitions they were nearly one per job, so a report filtered to a group leaves the partition charts out.
 */
export function addJob(
  add: (row: Omit<DailyRow, 'value' | 'count'>, value: number) => void,
  job: { cluster: string; partition: string; group: string; community?: string; user: string; cpus: number; coreSeconds: number; waitedSeconds: number | null },
): void {
  addCore(add, job.cluster, job.partition, job.group, job.user, job.coreSeconds, job.community);
  if (job.waitedSeconds !== null) add({ metric: 'wait', k1: job.cluster, k2: job.partition }, job.waitedSeconds);
  add({ metric: 'size', k1: sizeBucket(job.cpus) }, 0);
  add({ metric: 'size_g', k1: sizeBucket(job.cpus), k3: job.group }, 0);
}

export interface GpuUsage {
  cluster: string;
  partition: string;
  userAccount: string;
  chargeAccount: string;
  gpuSeconds: number;
}

/**
 * The resource report from the jobs module's synced jobs (by end day): core-seconds by cluster,
 * partition, group (the Slurm charge account), community (the group's, through identity) and user; wait;
 * job size; each partition's capacity (its CPUs × the day), for utilisation; and GPU-seconds from the fees
 * module's accounting rows (the jobs table has no GPU count), when that module is there.
 */
export function resourceSource(deps: {
  endedBetween: (from: Date, to: Date) => Promise<EndedJob[]>;
  capacity: () => Promise<{ cluster: string; partition: string; cpus: number }[]>;
  gpuBetween?: ((from: Date, to: Date) => Promise<GpuUsage[]>) | undefined;
  communityByGroup?: (() => Promise<Map<string, string>>) | undefined;
}): StatisticsSource {
  return {
    name: 'resource',
    async computeDay(from, to) {
      const [jobs, capacity, gpu, communities] = await Promise.all([
        deps.endedBetween(from, to),
        deps.capacity(),
        deps.gpuBetween ? deps.gpuBetween(from, to) : [],
        deps.communityByGroup ? deps.communityByGroup() : new Map<string, string>(),
      ]);
      const s = summer();
      const add = s.add;
      for (const job of jobs) {
        const group = job.chargeAccount || job.userAccount;
        const waitedSeconds = job.startTime ? Math.max(0, (job.startTime.getTime() - job.submitTime.getTime()) / 1000) : null;
        addJob(add, { cluster: job.cluster, partition: job.partition, group, community: communities.get(group) ?? noCommunity, user: job.userAccount, cpus: job.cpus, coreSeconds: job.coreSeconds ?? 0, waitedSeconds });
      }
      for (const row of gpu) {
        const group = row.chargeAccount || row.userAccount;
        addGpu(add, { cluster: row.cluster, partition: row.partition, group, community: communities.get(group) ?? noCommunity, gpuSeconds: row.gpuSeconds });
      }
      const seconds = (to.getTime() - from.getTime()) / 1000;
      for (const p of capacity) if (p.cpus > 0) add({ metric: 'capacity', k1: p.cluster, k2: p.partition }, p.cpus * seconds);
      return s.rows();
    },
  };
}
