import { eq } from 'drizzle-orm';
import { StatusBit } from '@starlight/contract/permissions';
import type { Partition } from '@starlight/contract/hpc';
import type { List } from '@starlight/contract/envelope';
import { bindings, clusters } from '../src/db/schema/hpc';
import { groupAdmins, groups, users } from '../src/db/schema/identity';
import { jobs } from '../src/db/schema/jobs';
import { hashPassword } from '../src/lib/passwords';
import { demoPassword, login, type TestApp } from './helpers';
import { call } from './hpc-helpers';

/** A second research group with one member (bound when an account is given), for confinement tests. */
export async function addGroupMember(t: TestApp, group: string, userName: string, account: string | null, admin = false): Promise<{ token: string; userId: number; groupId: number }> {
  const db = t.database.db;
  const [existing] = await db.select().from(groups).where(eq(groups.name, group));
  const groupId = existing?.id ?? (await db.insert(groups).values({ name: group }).returning())[0]!.id;
  const [user] = await db
    .insert(users)
    .values({
      userName,
      passwordHash: await hashPassword(demoPassword),
      email: `${userName}@example.com`,
      groupId,
      status: account ? StatusBit.boundAccount : 0,
      systemAccount: account,
    })
    .returning();
  if (account) await db.insert(bindings).values({ userId: user!.id, systemAccount: account });
  if (admin) await db.insert(groupAdmins).values({ groupId, userId: user!.id });
  return { token: await login(t.app, userName, demoPassword), userId: user!.id, groupId };
}

export async function idOfGroup(t: TestApp, name: string): Promise<number> {
  const [row] = await t.database.db.select().from(groups).where(eq(groups.name, name));
  return row!.id;
}

export async function idOfUser(t: TestApp, name: string): Promise<number> {
  const [row] = await t.database.db.select().from(users).where(eq(users.userName, name));
  return row!.id;
}

export async function partitionNamed(t: TestApp, admin: string, cluster: string, name: string): Promise<Partition> {
  const list = (await call<List<Partition>>(t.app, 'GET', `/kcluster/partitions?field_eq_cluster_name=${cluster}&page_size=100`, admin)).spec.list;
  const found = list.find((p) => p.name === name);
  if (!found) throw new Error(`no partition ${cluster}/${name}`);
  return found;
}

/** A finished job in the synced copy, as the jobs sync would record it (usage is read from there). */
export async function recordFinishedJob(t: TestApp, cluster: string, partition: string, account: string, coreSeconds: number, jobId: number): Promise<void> {
  const db = t.database.db;
  const [row] = await db.select().from(clusters).where(eq(clusters.name, cluster));
  const now = new Date();
  await db.insert(jobs).values({
    clusterId: row!.id,
    jobId,
    userAccount: account,
    name: 'usage',
    partition,
    state: 'COMPLETED',
    submitTime: now,
    startTime: now,
    endTime: now,
    cpus: 2,
    coreSeconds,
  });
}
