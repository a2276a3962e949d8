import { z } from 'zod';
import { pageQuerySchema } from './envelope';

/* The points mall (issue 12 part 5): an append-only points ledger, goods with stock, orders. */

const points = z.number().int().min(1).max(1_000_000_000);

export const goodsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  picture: z.string(),
  description: z.string(),
  price_points: z.number().int(),
  stock: z.number().int(),
  on_shelf: z.boolean(),
});
export type Goods = z.infer<typeof goodsSchema>;

export const goodsInputSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    picture: z.string().max(2048).default(''),
    description: z.string().max(2000).default(''),
    price_points: points,
    stock: z.number().int().min(0).max(1_000_000_000),
    on_shelf: z.boolean().default(true),
  })
  .strict();
export type GoodsInput = z.input<typeof goodsInputSchema>;
export const goodsPatchSchema = z
  .object({ name: z.string().trim().min(1).max(100), picture: z.string().max(2048), description: z.string().max(2000), price_points: points, stock: z.number().int().min(0).max(1_000_000_000), on_shelf: z.boolean() })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'nothing to change');
export type GoodsPatch = z.infer<typeof goodsPatchSchema>;
export const goodsListQuerySchema = pageQuerySchema.extend({ field_lk_name: z.string().max(100).optional(), all: z.coerce.boolean().optional() });

export const orderStatuses = ['placed', 'fulfilled', 'refunded'] as const;
export const orderSchema = z.object({
  id: z.number().int(),
  user_name: z.string(),
  goods_id: z.number().int(),
  goods_name: z.string(),
  quantity: z.number().int(),
  points: z.number().int(),
  status: z.enum(orderStatuses),
  created_at: z.string(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderInputSchema = z
  .object({
    goods_id: z.number().int().positive(),
    quantity: z.number().int().min(1).max(1000),
    /** The client's key for this order: submitting it twice places one order. */
    idempotency_key: z.string().min(8).max(100),
  })
  .strict();
export type OrderInput = z.infer<typeof orderInputSchema>;
export const orderListQuerySchema = pageQuerySchema.extend({ scope: z.enum(['mine', 'all']).default('mine'), field_eq_status: z.enum(orderStatuses).optional() });

export const ledgerEntrySchema = z.object({ id: z.number().int(), delta: z.number().int(), balance_after: z.number().int(), reason: z.string(), created_at: z.string() });
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export const pointsSchema = z.object({ balance: z.number().int(), ledger: z.object({ list: z.array(ledgerEntrySchema), total: z.number().int() }) });
export type Points = z.infer<typeof pointsSchema>;
export const pointsGrantSchema = z.object({ user_name: z.string().min(1).max(64), points: z.number().int().min(-1_000_000_000).max(1_000_000_000).refine((n) => n !== 0, 'not 0'), note: z.string().max(200).default('') }).strict();
export type PointsGrant = z.input<typeof pointsGrantSchema>;

export const pointsRuleEvents = ['register', 'verify'] as const;
export const pointsRuleSchema = z.object({ event: z.enum(pointsRuleEvents), points: z.number().int().min(0).max(1_000_000) });
export type PointsRule = z.infer<typeof pointsRuleSchema>;
