import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSchema, pageQuerySchema } from '@starlight/contract/envelope';
import { idParamsSchema } from '@starlight/contract/fees';
import { goodsInputSchema, goodsListQuerySchema, goodsPatchSchema, goodsSchema, orderInputSchema, orderListQuerySchema, orderSchema, pointsGrantSchema, pointsRuleSchema, pointsSchema } from '@starlight/contract/mall';
import type { PermissionKey } from '@starlight/contract/permissions';
import { ok, replies } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { MallService } from './mall.service';

const tags = ['mall'];
const shopper: PermissionKey[] = ['binded_account'];
const shopAdmin: PermissionKey[] = ['online_goods_admin'];
const isShopAdmin = (permissions: readonly string[]) => permissions.includes('online_goods_admin');

/** /user-center/mall-points-manage [binded_account] and /user-center/shop [online_goods_admin]. */
export const mallRoutes: FastifyPluginAsyncZod<{ mall: MallService }> = async (app, { mall }) => {
  app.get('/mall/goods', { config: { perms: [...shopper, ...shopAdmin] }, schema: { tags, summary: 'Goods on the shelf (all=true: every item, shop administrators)', querystring: goodsListQuerySchema, response: replies(listSchema(goodsSchema)) } }, async (request) =>
    ok(request.id, 'mall', await mall.listGoods(request.query, isShopAdmin(actorOf(request).permissions))),
  );
  app.post('/mall/goods', { config: { perms: shopAdmin }, schema: { tags, summary: 'Add goods', body: goodsInputSchema, response: replies(goodsSchema) } }, async (request) => ok(request.id, 'mall', await mall.createGoods(request.body)));
  app.patch('/mall/goods/:id', { config: { perms: shopAdmin }, schema: { tags, summary: 'Change goods (price, stock, shelf)', params: idParamsSchema, body: goodsPatchSchema, response: replies(goodsSchema) } }, async (request) =>
    ok(request.id, 'mall', await mall.patchGoods(request.params.id, request.body)),
  );
  app.post('/mall/orders', { config: { perms: shopper }, schema: { tags, summary: 'Order goods with points (idempotency_key: a double submit is one order)', body: orderInputSchema, response: replies(orderSchema) } }, async (request) =>
    ok(request.id, 'mall', await mall.placeOrder(actorOf(request), request.body)),
  );
  app.get('/mall/orders', { config: { perms: [...shopper, ...shopAdmin] }, schema: { tags, summary: 'My orders (scope=all: shop administrators)', querystring: orderListQuerySchema, response: replies(listSchema(orderSchema)) } }, async (request) =>
    ok(request.id, 'mall', await mall.listOrders(actorOf(request), request.query, isShopAdmin(actorOf(request).permissions))),
  );
  app.post('/mall/orders/:id/fulfil', { config: { perms: shopAdmin }, schema: { tags, summary: 'Mark an order delivered', params: idParamsSchema, response: replies(orderSchema) } }, async (request) => ok(request.id, 'mall', await mall.fulfil(request.params.id)));
  app.post('/mall/orders/:id/refund', { config: { perms: shopAdmin }, schema: { tags, summary: 'Refund an order (points and stock back, once)', params: idParamsSchema, response: replies(orderSchema) } }, async (request) => ok(request.id, 'mall', await mall.refund(request.params.id)));
  app.get('/mall/points', { config: { perms: shopper }, schema: { tags, summary: 'My balance and ledger', querystring: pageQuerySchema, response: replies(pointsSchema) } }, async (request) => ok(request.id, 'mall', await mall.points(actorOf(request), request.query)));
  app.post('/mall/points/grant', { config: { perms: shopAdmin }, schema: { tags, summary: 'Give (or take) points', body: pointsGrantSchema, response: replies(z.object({ balance: z.number().int() })) } }, async (request) => ok(request.id, 'mall', await mall.grant(request.body)));
  app.get('/mall/rules', { config: { perms: shopAdmin }, schema: { tags, summary: 'Points earned on events', response: replies(z.array(pointsRuleSchema)) } }, async (request) => ok(request.id, 'mall', await mall.rules()));
  app.put('/mall/rules', { config: { perms: shopAdmin }, schema: { tags, summary: 'Set the points of an event', body: pointsRuleSchema.strict(), response: replies(pointsRuleSchema) } }, async (request) => ok(request.id, 'mall', await mall.setRule(request.body)));
};
