import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './identity';

/** Goods of the points mall: a price in points and a stock that never goes below 0. */
export const mallGoods = pgTable(
  'mall_goods',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    picture: text('picture').notNull().default(''),
    description: text('description').notNull().default(''),
    pricePoints: integer('price_points').notNull(),
    stock: integer('stock').notNull(),
    onShelf: boolean('on_shelf').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('mall_goods_stock_nonnegative', sql`${t.stock} >= 0`), check('mall_goods_price_positive', sql`${t.pricePoints} > 0`)],
);

/** A user's points: the ledger's running sum, kept beside it so a spend is one guarded UPDATE. */
export const pointsBalances = pgTable(
  'points_balances',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
  },
  (t) => [check('points_balance_nonnegative', sql`${t.balance} >= 0`)],
);

/** Append-only: every change of a balance, never updated nor deleted. */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    orderId: integer('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('points_ledger_user_idx').on(t.userId, t.id.desc()), unique('points_ledger_event_unique').on(t.userId, t.reason)],
);

export const mallOrders = pgTable(
  'mall_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => mallGoods.id),
    quantity: integer('quantity').notNull(),
    points: integer('points').notNull(),
    status: text('status', { enum: ['placed', 'fulfilled', 'refunded'] }).notNull().default('placed'),
    /** The client's key: the same order submitted twice is one order. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('mall_orders_idempotency_unique').on(t.userId, t.idempotencyKey), index('mall_orders_user_idx').on(t.userId, t.id.desc())],
);

/** Points earned on events (registration, verification), set by an administrator. */
export const pointsRules = pgTable('points_rules', {
  event: text('event').primaryKey(),
  points: integer('points').notNull(),
});
