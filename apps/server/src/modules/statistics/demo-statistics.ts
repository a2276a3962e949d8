import { sizeBucket, type DailyRow } from './sources';
import type { StatisticsRepo } from './statistics.repo';

/** A small deterministic generator (mulberry32), so every demo database shows the same year. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface DemoShape {
  days: number;
  clusters: number;
  partitionsPerCluster: number;
  groups: number;
  users: number;
  jobsPerDay: number;
}
export const demoShape: DemoShape = { days: 365, clusters: 2, partitionsPerCluster: 3, groups: 8, users: 120, jobsPerDay: 60 };

/** The daily rows of one generated day (both reports), as the real sources would have computed them. */
export function demoDay(day: Date, shape: DemoShape, seed: number): { activeUsers: DailyRow[]; resource: DailyRow[] } {
  const rnd = random(seed);
  const weekday = day.getUTCDay() % 6 !== 0;
  const season = 1 + 0.3 * Math.sin((day.getTime() / 86_400_000 / 365) * 2 * Math.PI);
  const activeCount = Math.round(shape.users * (weekday ? 0.45 : 0.15) * season * (0.8 + 0.4 * rnd()));
  const activeUsers: DailyRow[] = [];
  for (let i = 0; i < activeCount; i++) activeUsers.push({ metric: 'active', k1: `user${String(Math.floor(rnd() * shape.users)).padStart(4, '0')}`, value: 1, count: 1 });
  const unique = [...new Map(activeUsers.map((r) => [r.k1, r])).values()];
  const password = Math.round(activeCount * 1.6);
  unique.push({ metric: 'sign_in', k1: 'password:ok', value: password, count: password });
  const failed = Math.round(rnd() * 6);
  if (failed) unique.push({ metric: 'sign_in', k1: 'password:failed', value: failed, count: failed });
  const sso = Math.round(activeCount * 0.3 * rnd());
  if (sso) unique.push({ metric: 'sign_in', k1: 'sso:ok', value: sso, count: sso });
  const registered = Math.round(rnd() * 3);
  if (registered) unique.push({ metric: 'registered', value: registered, count: registered });

  const sums = new Map<string, DailyRow>();
  const add = (row: Omit<DailyRow, 'value' | 'count'>, value: number) => {
    const key = [row.metric, row.k1, row.k2, row.k3, row.k4].join('/');
    const found = sums.get(key) ?? { ...row, value: 0, count: 0 };
    found.value += value;
    found.count += 1;
    sums.set(key, found);
  };
  const jobs = Math.round(shape.jobsPerDay * (weekday ? 1 : 0.4) * season);
  for (let j = 0; j < jobs; j++) {
    const c = Math.floor(rnd() * shape.clusters);
    const cluster = c === 0 ? 'local' : `hpc${c + 1}`;
    const partition = `${cluster}-p${Math.floor(rnd() * shape.partitionsPerCluster)}`;
    const user = Math.floor(rnd() * shape.users);
    const cpus = 2 ** Math.floor(rnd() * 7);
    add({ metric: 'core', k1: cluster, k2: partition, k3: `group${user % shape.groups}`, k4: `user${String(user).padStart(4, '0')}` }, cpus * 3600 * (0.2 + rnd() * 4));
    add({ metric: 'wait', k1: cluster, k2: partition }, rnd() * rnd() * 7200);
    add({ metric: 'size', k1: sizeBucket(cpus) }, 0);
  }
  for (let c = 0; c < shape.clusters; c++)
    for (let p = 0; p < shape.partitionsPerCluster; p++) {
      const cluster = c === 0 ? 'local' : `hpc${c + 1}`;
      add({ metric: 'capacity', k1: cluster, k2: `${cluster}-p${p}` }, 256 * 86_400);
    }
  return { activeUsers: unique, resource: [...sums.values()] };
}

/** Writes a year of generated activity (up to yesterday) into the daily rows; real days are never overwritten past today. */
export async function generateDemoStatistics(repo: StatisticsRepo, now: Date, shape: DemoShape = demoShape): Promise<{ rows: number; days: number }> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  let rows = 0;
  for (let d = shape.days; d >= 1; d--) {
    const day = new Date(today - d * 86_400_000);
    const label = day.toISOString().slice(0, 10);
    const generated = demoDay(day, shape, d);
    await repo.replaceDay('active-users', label, generated.activeUsers);
    await repo.replaceDay('resource', label, generated.resource);
    rows += generated.activeUsers.length + generated.resource.length;
  }
  return { rows, days: shape.days };
}
