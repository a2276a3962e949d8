import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { Code } from '@starlight/contract/codes';
import type { List } from '@starlight/contract/envelope';
import type { Goods, GoodsInput, GoodsPatch, Order, OrderInput, Points, PointsGrant, PointsRule } from '@starlight/contract/mall';
import { goodsInputSchema, pointsGrantSchema } from '@starlight/contract/mall';
import { mallGoods, mallOrders } from '../../db/schema/mall';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { changeBalance, type GoodsRow, type MallRepo } from './mall.repo';

const conflict = (path: string, message: string) => new AppError(Code.conflict, message, { fields: [{ path, message }] });
const missing = (path: string, what: string) => new AppError(Code.notFound, `${what} not found`, { fields: [{ path, message: `no such ${what}` }] });
const goodsView = (g: GoodsRow): Goods => ({ id: g.id, name: g.name, picture: g.picture, description: g.description, price_points: g.pricePoints, stock: g.stock, on_shelf: g.onShelf });
/** A refused step inside the transaction: thrown to roll it back, turned into the reply outside. */
class Refusal extends Error {
  constructor(readonly error: AppError) {
    super(error.info);
  }
}
const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

/**
 * The points mall. Stock and balances change only by guarded UPDATEs inside one transaction per order
 * (`stock >= n`, `balance >= cost`), so simultaneous orders for the last items sell each item once and a
 * balance never goes below 0; the ledger is append-only; an order's idempotency key makes a double
 * submit one order.
 */
export function createMallService({ repo }: { repo: MallRepo }) {
  const { db } = repo;

  async function orderView(id: number): Promise<Order> {
    const [row] = (await repo.ordersPage({ id, limit: 1, offset: 0 })).list;
    if (!row) throw missing('params.id', 'order');
    return toOrder(row);
  }
  const toOrder = (r: { order: typeof mallOrders.$inferSelect; userName: string; goodsName: string }): Order => ({
    id: r.order.id,
    user_name: r.userName,
    goods_id: r.order.goodsId,
    goods_name: r.goodsName,
    quantity: r.order.quantity,
    points: r.order.points,
    status: r.order.status,
    created_at: r.order.createdAt.toISOString(),
  });

  async function sameOrder(actor: Actor, input: OrderInput): Promise<Order> {
    const existing = (await repo.orderByKey(actor.userId, input.idempotency_key))!;
    if (existing.goodsId !== input.goods_id || existing.quantity !== input.quantity) throw conflict('body.idempotency_key', 'this key was used for another order');
    return orderView(existing.id);
  }

  return {
    async listGoods(query: { page: number; page_size: number; field_lk_name?: string; all?: boolean }, admin: boolean): Promise<List<Goods>> {
      const { list, total } = await repo.goodsPage({ nameContains: query.field_lk_name, onShelfOnly: !(admin && query.all), limit: query.page_size, offset: (query.page - 1) * query.page_size });
      return { list: list.map(goodsView), total };
    },
    async createGoods(input: GoodsInput): Promise<Goods> {
      const v = goodsInputSchema.parse(input);
      return goodsView(await repo.insertGoods({ name: v.name, picture: v.picture, description: v.description, pricePoints: v.price_points, stock: v.stock, onShelf: v.on_shelf }));
    },
    async patchGoods(id: number, input: GoodsPatch): Promise<Goods> {
      const row = await repo.updateGoods(id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.picture !== undefined ? { picture: input.picture } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.price_points !== undefined ? { pricePoints: input.price_points } : {}),
        ...(input.stock !== undefined ? { stock: input.stock } : {}),
        ...(input.on_shelf !== undefined ? { onShelf: input.on_shelf } : {}),
      });
      if (!row) throw missing('params.id', 'goods');
      return goodsView(row);
    },

    async placeOrder(actor: Actor, input: OrderInput): Promise<Order> {
      if (await repo.orderByKey(actor.userId, input.idempotency_key)) return sameOrder(actor, input);
      try {
        const id = await db.transaction(async (tx) => {
          const [goods] = await tx
            .update(mallGoods)
            .set({ stock: sql`${mallGoods.stock} - ${input.quantity}` })
            .where(and(eq(mallGoods.id, input.goods_id), eq(mallGoods.onShelf, true), sql`${mallGoods.stock} >= ${input.quantity}`))
            .returning();
          if (!goods) {
            const exists = await tx.select({ id: mallGoods.id, onShelf: mallGoods.onShelf }).from(mallGoods).where(eq(mallGoods.id, input.goods_id));
            const found = exists[0];
            throw new Refusal(!found ? missing('body.goods_id', 'goods') : found.onShelf ? conflict('body.quantity', 'more than the stock') : conflict('body.goods_id', 'these goods are off the shelf'));
          }
          const cost = goods.pricePoints * input.quantity;
          const [order] = await tx.insert(mallOrders).values({ userId: actor.userId, goodsId: goods.id, quantity: input.quantity, points: cost, idempotencyKey: input.idempotency_key }).returning();
          if ((await changeBalance(tx, actor.userId, -cost, `order:${order!.id}`, order!.id)) === null)
            throw new Refusal(conflict('body.quantity', `not enough points: ${input.quantity} × ${goods.pricePoints} = ${cost} points is more than the balance`));
          return order!.id;
        });
        return orderView(id);
      } catch (error) {
        if (error instanceof Refusal) throw error.error;
        // the same key submitted twice at once: the other one won, answer with its order
        if (isUniqueViolation(error) && (await repo.orderByKey(actor.userId, input.idempotency_key))) return sameOrder(actor, input);
        throw error;
      }
    },

    async listOrders(actor: Actor, query: { page: number; page_size: number; scope: 'mine' | 'all'; field_eq_status?: Order['status'] }, admin: boolean): Promise<List<Order>> {
      if (query.scope === 'all' && !admin) throw new AppError(Code.forbidden, 'permission denied');
      const { list, total } = await repo.ordersPage({ userId: query.scope === 'all' ? undefined : actor.userId, status: query.field_eq_status, limit: query.page_size, offset: (query.page - 1) * query.page_size });
      return { list: list.map(toOrder), total };
    },
    async fulfil(id: number): Promise<Order> {
      const [row] = await db.update(mallOrders).set({ status: 'fulfilled', updatedAt: new Date() }).where(and(eq(mallOrders.id, id), eq(mallOrders.status, 'placed'))).returning();
      if (!row) throw (await db.select().from(mallOrders).where(eq(mallOrders.id, id)))[0] ? conflict('params.id', 'the order is not open') : missing('params.id', 'order');
      return orderView(id);
    },
    /** Points back and the items back on the shelf, once: the status guard makes a second refund a 1409. */
    async refund(id: number): Promise<Order> {
      await db.transaction(async (tx) => {
        const [row] = await tx.update(mallOrders).set({ status: 'refunded', updatedAt: new Date() }).where(and(eq(mallOrders.id, id), ne(mallOrders.status, 'refunded'))).returning();
        if (!row) throw new Refusal((await tx.select().from(mallOrders).where(eq(mallOrders.id, id)))[0] ? conflict('params.id', 'already refunded') : missing('params.id', 'order'));
        await tx.update(mallGoods).set({ stock: sql`${mallGoods.stock} + ${row.quantity}` }).where(eq(mallGoods.id, row.goodsId));
        await changeBalance(tx, row.userId, row.points, `refund:${row.id}`, row.id);
      }).catch((error: unknown) => {
        throw error instanceof Refusal ? error.error : error;
      });
      return orderView(id);
    },

    async points(actor: Actor, page: { page: number; page_size: number }): Promise<Points> {
      const ledger = await repo.ledgerPage(actor.userId, page.page_size, (page.page - 1) * page.page_size);
      return {
        balance: await repo.balance(actor.userId),
        ledger: { total: ledger.total, list: ledger.list.map((e) => ({ id: e.id, delta: e.delta, balance_after: e.balanceAfter, reason: e.reason, created_at: e.createdAt.toISOString() })) },
      };
    },
    /** An administrator's grant (or deduction): a deduction below 0 is refused, the ledger unchanged. */
    async grant(input: PointsGrant): Promise<{ balance: number }> {
      const v = pointsGrantSchema.parse(input);
      const user = await repo.userByName(v.user_name);
      if (!user) throw missing('body.user_name', 'user');
      const balance = await db.transaction((tx) => changeBalance(tx, user.id, v.points, `grant:${randomUUID()}${v.note ? `:${v.note}` : ''}`));
      if (balance === null) throw conflict('body.points', 'the balance would go below 0');
      return { balance };
    },
    rules: async (): Promise<PointsRule[]> => (await repo.rules()).map((r) => ({ event: r.event as PointsRule['event'], points: r.points })),
    setRule: async (rule: PointsRule): Promise<PointsRule> => {
      await repo.setRule(rule.event, rule.points);
      return rule;
    },
    /** For the identity module at merge: award an event's points once per user (the ledger's unique reason). */
    async award(userId: number, event: PointsRule['event']): Promise<void> {
      const rule = (await repo.rules()).find((r) => r.event === event);
      if (!rule || rule.points <= 0) return;
      await db.transaction((tx) => changeBalance(tx, userId, rule.points, `rule:${event}`)).catch((error: unknown) => {
        if (!isUniqueViolation(error)) throw error;
      });
    },
  };
}

export type MallService = ReturnType<typeof createMallService>;
