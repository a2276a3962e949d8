import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/identity';
import { mallGoods, mallOrders, pointsBalances, pointsLedger, pointsRules } from '../../db/schema/mall';

export type GoodsRow = typeof mallGoods.$inferSelect;
export type OrderRow = typeof mallOrders.$inferSelect;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Balance changes happen only here: a guarded UPDATE of the running sum and one ledger row, in the caller's transaction. */
export async function changeBalance(tx: Tx | Database, userId: number, delta: number, reason: string, orderId: number | null = null): Promise<number | null> {
  await tx.insert(pointsBalances).values({ userId, balance: 0 }).onConflictDoNothing();
  const [row] = await tx
    .update(pointsBalances)
    .set({ balance: sql`${pointsBalances.balance} + ${delta}` })
    .where(and(eq(pointsBalances.userId, userId), sql`${pointsBalances.balance} + ${delta} >= 0`))
    .returning();
  if (!row) return null;
  await tx.insert(pointsLedger).values({ userId, delta, balanceAfter: row.balance, reason, orderId });
  return row.balance;
}

export function createMallRepo(db: Database) {
  return {
    db,
    userByName: async (name: string) => (await db.select({ id: users.id }).from(users).where(eq(users.userName, name)))[0],
    goods: async (id: number) => (await db.select().from(mallGoods).where(eq(mallGoods.id, id)))[0],
    async goodsPage(filter: { nameContains?: string; onShelfOnly: boolean; limit: number; offset: number }) {
      const where = and(filter.onShelfOnly ? eq(mallGoods.onShelf, true) : undefined, filter.nameContains ? ilike(mallGoods.name, `%${likeEscaped(filter.nameContains)}%`) : undefined);
      const list = await db.select().from(mallGoods).where(where).orderBy(desc(mallGoods.id)).limit(filter.limit).offset(filter.offset);
      const [total] = await db.select({ n: count() }).from(mallGoods).where(where);
      return { list, total: total?.n ?? 0 };
    },
    insertGoods: async (row: typeof mallGoods.$inferInsert) => (await db.insert(mallGoods).values(row).returning())[0]!,
    updateGoods: async (id: number, set: Partial<typeof mallGoods.$inferInsert>) => (await db.update(mallGoods).set({ ...set, updatedAt: new Date() }).where(eq(mallGoods.id, id)).returning())[0],
    orderByKey: async (userId: number, key: string) => (await db.select().from(mallOrders).where(and(eq(mallOrders.userId, userId), eq(mallOrders.idempotencyKey, key))))[0],
    async ordersPage(filter: { id?: number; userId?: number; status?: OrderRow['status']; limit: number; offset: number }) {
      const where = and(
        filter.id === undefined ? undefined : eq(mallOrders.id, filter.id),filter.userId === undefined ? undefined : eq(mallOrders.userId, filter.userId), filter.status ? eq(mallOrders.status, filter.status) : undefined);
      const list = await db
        .select({ order: mallOrders, userName: users.userName, goodsName: mallGoods.name })
        .from(mallOrders)
        .innerJoin(users, eq(users.id, mallOrders.userId))
        .innerJoin(mallGoods, eq(mallGoods.id, mallOrders.goodsId))
        .where(where)
        .orderBy(desc(mallOrders.id))
        .limit(filter.limit)
        .offset(filter.offset);
      const [total] = await db.select({ n: count() }).from(mallOrders).where(where);
      return { list, total: total?.n ?? 0 };
    },
    balance: async (userId: number) => (await db.select().from(pointsBalances).where(eq(pointsBalances.userId, userId)))[0]?.balance ?? 0,
    async ledgerPage(userId: number, limit: number, offset: number) {
      const list = await db.select().from(pointsLedger).where(eq(pointsLedger.userId, userId)).orderBy(desc(pointsLedger.id)).limit(limit).offset(offset);
      const [total] = await db.select({ n: count() }).from(pointsLedger).where(eq(pointsLedger.userId, userId));
      return { list, total: total?.n ?? 0 };
    },
    rules: () => db.select().from(pointsRules),
    async setRule(event: string, points: number) {
      await db.insert(pointsRules).values({ event, points }).onConflictDoUpdate({ target: pointsRules.event, set: { points } });
    },
  };
}

export type MallRepo = ReturnType<typeof createMallRepo>;
