import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applicationDecisions, applications, approvalChains, approvalRoots } from '../../db/schema/approvals';
import { groupAdmins, rolePermissions, userRoles, users } from '../../db/schema/identity';

export type ChainRow = typeof approvalChains.$inferSelect;
export type ApplicationRow = typeof applications.$inferSelect;
export type NewApplication = typeof applications.$inferInsert;
export type DecisionRow = typeof applicationDecisions.$inferSelect;

export interface ApplicationFilter {
  applicantId?: number;
  ids?: readonly number[];
  state?: string | undefined;
  kind?: string | undefined;
  applicantLike?: string | undefined;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Chains, roots, applications and decisions; reads users, roles and group admins to resolve approvers. */
function readsAndWrites(db: Database) {
  const where = (f: ApplicationFilter): SQL | undefined =>
    and(
      f.applicantId === undefined ? undefined : eq(applications.applicantId, f.applicantId),
      f.ids === undefined ? undefined : inArray(applications.id, [...f.ids, -1]),
      f.state ? eq(applications.state, f.state) : undefined,
      f.kind ? eq(applications.kind, f.kind) : undefined,
      f.applicantLike ? ilike(users.userName, likePattern(f.applicantLike)) : undefined,
    );

  return {
    // ---------------------------------------------------------------- chains and roots
    chains: (): Promise<ChainRow[]> => db.select().from(approvalChains).orderBy(asc(approvalChains.id)),
    chain: async (id: number): Promise<ChainRow | undefined> => (await db.select().from(approvalChains).where(eq(approvalChains.id, id)))[0],
    chainNamed: async (name: string): Promise<ChainRow | undefined> => (await db.select().from(approvalChains).where(eq(approvalChains.name, name)))[0],
    insertChain: async (values: typeof approvalChains.$inferInsert): Promise<ChainRow | undefined> =>
      (await db.insert(approvalChains).values(values).onConflictDoNothing().returning())[0],
    updateChain: async (id: number, values: Partial<typeof approvalChains.$inferInsert>): Promise<ChainRow | undefined> =>
      (await db.update(approvalChains).set({ ...values, updatedAt: new Date() }).where(eq(approvalChains.id, id)).returning())[0],
    deleteChain: async (id: number): Promise<ChainRow | undefined> => (await db.delete(approvalChains).where(eq(approvalChains.id, id)).returning())[0],
    roots: () => db.select().from(approvalRoots),
    setRoot: (kind: string, chainId: number | null) =>
      db.insert(approvalRoots).values({ kind, chainId }).onConflictDoUpdate({ target: approvalRoots.kind, set: { chainId } }),
    /** A kind without a row gets the chain (first start: the default chain); an explicit choice is kept. */
    defaultRoot: (kind: string, chainId: number) => db.insert(approvalRoots).values({ kind, chainId }).onConflictDoNothing(),

    // ---------------------------------------------------------------- applications
    insertApplication: async (values: NewApplication): Promise<ApplicationRow> => (await db.insert(applications).values(values).returning())[0]!,
    application: async (id: number): Promise<ApplicationRow | undefined> => (await db.select().from(applications).where(eq(applications.id, id)))[0],
    async page(filter: ApplicationFilter, limit: number, offset: number): Promise<{ rows: ApplicationRow[]; total: number }> {
      const condition = where(filter);
      const [rows, [total]] = await Promise.all([
        db.select({ a: applications }).from(applications).innerJoin(users, eq(users.id, applications.applicantId)).where(condition).orderBy(desc(applications.createdAt), desc(applications.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(applications).innerJoin(users, eq(users.id, applications.applicantId)).where(condition),
      ]);
      return { rows: rows.map((r) => r.a), total: total?.n ?? 0 };
    },
    pending: (): Promise<ApplicationRow[]> => db.select().from(applications).where(eq(applications.state, 'pending')).orderBy(asc(applications.id)),
    /** Approved applications whose period ends before `until` (reminders) — or already ended. */
    approvedEndingBefore: (until: Date): Promise<ApplicationRow[]> =>
      db.select().from(applications).where(and(eq(applications.state, 'approved'), sql`${applications.expiresAt} is not null`, sql`${applications.expiresAt} <= ${until}`)),
    markReminded: (id: number, at: Date) => db.update(applications).set({ remindedAt: at }).where(eq(applications.id, id)),
    /** Applications created or decided in [from, to), and decisions made in it (the statistics module's approval report). */
    createdOrDecidedBetween: (from: Date, to: Date): Promise<ApplicationRow[]> =>
      db
        .select()
        .from(applications)
        .where(or(and(gte(applications.createdAt, from), lt(applications.createdAt, to)), and(gte(applications.decidedAt, from), lt(applications.decidedAt, to)))),
    decisionsBetween: (from: Date, to: Date): Promise<DecisionRow[]> =>
      db.select().from(applicationDecisions).where(and(gte(applicationDecisions.createdAt, from), lt(applicationDecisions.createdAt, to))),
    decisionsOf: (ids: readonly number[]): Promise<DecisionRow[]> =>
      db.select().from(applicationDecisions).where(inArray(applicationDecisions.applicationId, [...ids, -1])).orderBy(asc(applicationDecisions.id)),

    // ---------------------------------------------------------------- people
    userNames: async (ids: readonly number[]): Promise<Map<number, string>> =>
      new Map((await db.select({ id: users.id, name: users.userName }).from(users).where(inArray(users.id, [...ids, -1]))).map((r) => [r.id, r.name])),
    groupOf: async (userId: number): Promise<number | null> => (await db.select({ g: users.groupId }).from(users).where(eq(users.id, userId)))[0]?.g ?? null,
    roleIdsOf: async (userId: number): Promise<number[]> => (await db.select({ r: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.r),
    isGroupAdmin: async (groupId: number, userId: number): Promise<boolean> =>
      (await db.select({ u: groupAdmins.userId }).from(groupAdmins).where(and(eq(groupAdmins.groupId, groupId), eq(groupAdmins.userId, userId)))).length > 0,
    /** Users matching any of the approver rules (enabled accounts only). */
    async approverIds(rule: { perms: readonly string[]; roleIds: readonly number[]; groupAdminOf: number | null; userIds: readonly number[] }): Promise<number[]> {
      const ids = new Set<number>();
      if (rule.perms.length > 0)
        for (const r of await db
          .select({ id: userRoles.userId })
          .from(userRoles)
          .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
          .where(inArray(rolePermissions.permissionKey, [...rule.perms])))
          ids.add(r.id);
      if (rule.roleIds.length > 0) for (const r of await db.select({ id: userRoles.userId }).from(userRoles).where(inArray(userRoles.roleId, [...rule.roleIds]))) ids.add(r.id);
      if (rule.groupAdminOf !== null) for (const r of await db.select({ id: groupAdmins.userId }).from(groupAdmins).where(eq(groupAdmins.groupId, rule.groupAdminOf))) ids.add(r.id);
      for (const id of rule.userIds) ids.add(id);
      if (ids.size === 0) return [];
      return (await db.select({ id: users.id }).from(users).where(and(inArray(users.id, [...ids]), eq(users.disabled, false)))).map((r) => r.id);
    },
  };
}

export function createApprovalsRepo(db: Database) {
  return {
    ...readsAndWrites(db),
    /**
     * The deciding transaction: the row locked for its whole life, so two deciders take turns. Inside
     * it everything goes through `tx` (PGlite has one connection: a query outside would wait forever).
     */
    inTransaction<T>(work: (tx: TxRepo) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => work({ ...readsAndWrites(tx as unknown as Database), ...txRepo(tx as unknown as Database) }));
    },
  };
}

function txRepo(tx: Database) {
  return {
    tx,
    locked: async (id: number): Promise<ApplicationRow | undefined> => (await tx.select().from(applications).where(eq(applications.id, id)).for('update'))[0],
    update: async (id: number, values: Partial<NewApplication>): Promise<ApplicationRow> => (await tx.update(applications).set(values).where(eq(applications.id, id)).returning())[0]!,
    /** false when this approver already decided this node (the unique key, whatever the lock saw). */
    async decide(values: typeof applicationDecisions.$inferInsert): Promise<boolean> {
      return (await tx.insert(applicationDecisions).values(values).onConflictDoNothing().returning()).length > 0;
    },
    approversWhoApproved: async (applicationId: number, node: number): Promise<number[]> =>
      (
        await tx
          .select({ u: applicationDecisions.userId })
          .from(applicationDecisions)
          .where(and(eq(applicationDecisions.applicationId, applicationId), eq(applicationDecisions.node, node), eq(applicationDecisions.decision, 'approve')))
      ).map((r) => r.u),
  };
}

export type ApprovalsRepo = ReturnType<typeof createApprovalsRepo>;
export type TxRepo = ReturnType<typeof readsAndWrites> & ReturnType<typeof txRepo>;
