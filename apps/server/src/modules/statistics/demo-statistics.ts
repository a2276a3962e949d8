import { addGpu, addJob, noCommunity, summer, type DailyRow } from './sources';

/** The demo's communities of group0 … group7 (group6 and group7 belong to none). */
const demoCommunities = ['physics', 'physics', 'physics', 'chemistry', 'chemistry', 'biology'];
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

/** The daily rows of one generated day (every report), as the real sources would have computed them. */
export function demoDay(day: Date, shape: DemoShape, seed: number): Record<'active-users' | 'resource' | 'workflow' | 'app' | 'approval' | 'image' | 'ticket', DailyRow[]> {
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

  const resource = summer();
  const add = resource.add;
  const jobs = Math.round(shape.jobsPerDay * (weekday ? 1 : 0.4) * season);
  for (let j = 0; j < jobs; j++) {
    const c = Math.floor(rnd() * shape.clusters);
    const cluster = c === 0 ? 'local' : `hpc${c + 1}`;
    const partition = `${cluster}-p${Math.floor(rnd() * shape.partitionsPerCluster)}`;
    const user = Math.floor(rnd() * shape.users);
    const cpus = 2 ** Math.floor(rnd() * 7);
    const coreSeconds = cpus * 3600 * (0.2 + rnd() * 4);
    const group = `group${user % shape.groups}`;
    const community = demoCommunities[user % shape.groups] ?? noCommunity;
    addJob(add, { cluster, partition, group, community, user: `user${String(user).padStart(4, '0')}`, cpus, coreSeconds, waitedSeconds: rnd() * rnd() * 7200 });
    // one job in four on a GPU partition, 1-4 GPUs
    if (j % 4 === 0) addGpu(add, { cluster, partition: `${cluster}-gpu`, group, community, gpuSeconds: (1 + (j % 16) / 4) * coreSeconds / cpus });
  }
  for (let c = 0; c < shape.clusters; c++)
    for (let p = 0; p < shape.partitionsPerCluster; p++) {
      const cluster = c === 0 ? 'local' : `hpc${c + 1}`;
      add({ metric: 'capacity', k1: cluster, k2: `${cluster}-p${p}` }, 256 * 86_400);
    }
  const userName = () => `user${String(Math.floor(rnd() * shape.users)).padStart(4, '0')}`;
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * rnd() * list.length)]!;
  return { 'active-users': unique, resource: resource.rows(), ...demoCenters(weekday ? season : season * 0.3, rnd, userName, pick, day) };
}

const demoApps = ['word-count', 'sort-lines', 'sort-and-count', 'wrf', 'gromacs-md', 'blast-search', 'lammps', 'cp2k'];
const demoLabels: Record<string, string[]> = { 'word-count': ['text'], 'sort-lines': ['text'], 'sort-and-count': ['text', 'workflow'], wrf: ['weather'], 'gromacs-md': ['chemistry'], 'blast-search': ['biology'], lammps: ['chemistry'], cp2k: ['chemistry'] };
const demoKinds = ['partition_access', 'storage_quota', 'group_join'];
const demoNodes = ['group admin', 'platform admin'];
const demoNamespaces = ['library', 'group0', 'group1', 'user0007', 'user0042'];
const demoTicketCategories = ['job', 'storage', 'account', 'app', 'other'];

/** The application center, approvals, image hub and tickets part of a generated day (same rows as their sources). */
function demoCenters(level: number, rnd: () => number, userName: () => string, pick: <T>(list: readonly T[]) => T, day: Date) {
  const workflow = summer();
  const app = summer();
  const launchers = new Set<string>();
  for (let i = Math.round(25 * level * (0.7 + 0.6 * rnd())); i > 0; i--) {
    const name = pick(demoApps);
    const state = rnd() < 0.82 ? 'done' : rnd() < 0.7 ? 'failed' : 'cancelled';
    workflow.add({ metric: 'launched', k1: name });
    workflow.add({ metric: 'ended', k1: name, k2: state }, 60 + rnd() * 3 * 3600);
    workflow.add({ metric: 'finished' });
    if (state === 'done') workflow.add({ metric: 'succeeded' });
    app.add({ metric: 'launch', k1: name });
    for (const label of demoLabels[name] ?? []) app.add({ metric: 'launch_label', k1: label });
    launchers.add(userName());
  }
  for (const user of launchers) app.add({ metric: 'launcher', k1: user });
  const approval = summer();
  for (let i = Math.round(4 * level * rnd()); i > 0; i--) {
    const kind = pick(demoKinds);
    approval.add({ metric: 'applied', k1: kind });
    const first = rnd() * 20 * 3600;
    approval.add({ metric: 'node', k1: demoNodes[0], k2: kind, k3: 'approve' }, first);
    const rejected = rnd() < 0.15;
    if (!rejected) approval.add({ metric: 'node', k1: demoNodes[1], k2: kind, k3: 'approve' }, rnd() * 30 * 3600);
    approval.add({ metric: 'decided', k1: kind, k2: rejected ? 'rejected' : 'approved' }, first + rnd() * 30 * 3600);
  }
  const image = summer();
  for (let i = Math.round(40 * level * rnd()); i > 0; i--) {
    const namespace = pick(demoNamespaces);
    image.add({ metric: rnd() < 0.15 ? 'push' : 'pull', k1: namespace, k2: `${namespace}/app${Math.floor(rnd() * 4)}`, k3: userName() });
  }
  const growth = 1 + (day.getTime() % (365 * 86_400_000)) / (365 * 86_400_000);
  demoNamespaces.forEach((namespace, i) => image.add({ metric: 'storage', k1: namespace }, (i + 1) * 2.5e9 * growth));
  const ticket = summer();
  for (let i = Math.round(6 * level * (0.5 + rnd())); i > 0; i--) {
    const category = pick(demoTicketCategories);
    ticket.add({ metric: 'opened', k1: category });
    if (rnd() < 0.9) ticket.add({ metric: 'first_response', k1: category }, 600 + rnd() * rnd() * 48 * 3600);
    if (rnd() < 0.8) ticket.add({ metric: 'resolved', k1: category }, 3600 + rnd() * 5 * 24 * 3600);
  }
  return { workflow: workflow.rows(), app: app.rows(), approval: approval.rows(), image: image.rows(), ticket: ticket.rows() };
}

/** Writes a year of generated activity (up to yesterday) into the daily rows; real days are never overwritten past today. */
export async function generateDemoStatistics(repo: StatisticsRepo, now: Date, shape: DemoShape = demoShape): Promise<{ rows: number; days: number }> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const bySource = new Map<string, { day: string; rows: DailyRow[] }[]>();
  let rows = 0;
  for (let d = shape.days; d >= 1; d--) {
    const day = new Date(today - d * 86_400_000);
    for (const [source, daily] of Object.entries(demoDay(day, shape, d))) {
      (bySource.get(source) ?? bySource.set(source, []).get(source)!).push({ day: day.toISOString().slice(0, 10), rows: daily });
      rows += daily.length;
    }
  }
  for (const [source, days] of bySource) await repo.replaceDays(source, days);
  return { rows, days: shape.days };
}
