import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { List } from '@starlight/contract/envelope';
import type { Goods, Order, Points } from '@starlight/contract/mall';
import { adminPassword, demoPassword, login, startTestApp, stopTestApp, type TestApp } from './helpers';
import { call } from './hpc-helpers';
import { addGroupMember } from './quotas-helpers';
import { pointsLedger } from '../src/db/schema/mall';
import { captchaEnv, codeFromOutbox, registerByEmail, strongPassword } from './verification-helpers';

/*
 * Issue 12 part 5, the points mall: 50 simultaneous orders for 10 items sell exactly 10 and the balances
 * add up; a double submit (same idempotency key) is one order; bad input leaves the ledger unchanged.
 * PGlite, and PostgreSQL when STARLIGHT_TEST_PG is set (real concurrent transactions there).
 */
let t: TestApp;
let admin: string;
let buyers: string[];
const ledgerSum = (p: Points) => p.ledger.list.reduce((sum, e) => sum + e.delta, 0);

beforeAll(async () => {
  t = await startTestApp({ env: { ...captchaEnv, STARLIGHT_LOG_LEVEL: 'warn' } });
  admin = await login(t.app, 'admin', adminPassword);
  buyers = [await login(t.app, 'demo-bound', demoPassword)];
  for (let i = 0; i < 4; i++) buyers.push((await addGroupMember(t, 'mall-lab', `mall-buyer-${i}`, `mall_lab_b${i}`)).token);
  const names = ['demo-bound', 'mall-buyer-0', 'mall-buyer-1', 'mall-buyer-2', 'mall-buyer-3'];
  for (const name of names) expect((await call(t.app, 'POST', '/mall/points/grant', admin, { user_name: name, points: 1000 })).code).toBe(200);
}, 180_000);
afterAll(async () => {
  await stopTestApp(t);
});

describe('the points mall', () => {
  it('sells 10 items exactly once each to 50 simultaneous orders; balances and ledgers add up', async () => {
    const goods = await call<Goods>(t.app, 'POST', '/mall/goods', admin, { name: 'Mug', price_points: 100, stock: 10 });
    expect(goods.code).toBe(200);
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call<Order>(t.app, 'POST', '/mall/orders', buyers[i % 5]!, { goods_id: goods.spec.id, quantity: 1, idempotency_key: `race-${i}-key` })),
    );
    const sold = replies.filter((r) => r.code === 200);
    expect(sold).toHaveLength(10);
    expect(replies.filter((r) => r.code !== 200).every((r) => r.code === 1409)).toBe(true);
    const shelf = await call<List<Goods>>(t.app, 'GET', '/mall/goods?all=true', admin);
    expect(shelf.spec.list.find((g) => g.id === goods.spec.id)?.stock).toBe(0);
    let spent = 0;
    for (const token of buyers) {
      const points = (await call<Points>(t.app, 'GET', '/mall/points?page_size=100', token)).spec;
      expect(points.balance).toBe(ledgerSum(points));
      expect(points.balance).toBeGreaterThanOrEqual(0);
      spent += 1000 - points.balance;
    }
    expect(spent).toBe(10 * 100);
    expect((await call<List<Order>>(t.app, 'GET', '/mall/orders?scope=all&page_size=100', admin)).spec.total).toBe(10);
  });

  it('takes a double-submitted order once, and refuses orders over the stock or the balance with the ledger unchanged', async () => {
    const goods = await call<Goods>(t.app, 'POST', '/mall/goods', admin, { name: 'Poster', price_points: 300, stock: 5 });
    const buyer = buyers[0]!;
    const before = (await call<Points>(t.app, 'GET', '/mall/points?page_size=100', buyer)).spec;
    const order = { goods_id: goods.spec.id, quantity: 1, idempotency_key: 'double-submit-1' };
    const [a, b] = await Promise.all([call<Order>(t.app, 'POST', '/mall/orders', buyer, order), call<Order>(t.app, 'POST', '/mall/orders', buyer, order)]);
    expect([a.code, b.code, a.spec.id === b.spec.id]).toEqual([200, 200, true]);
    const reused = await call(t.app, 'POST', '/mall/orders', buyer, { ...order, quantity: 2 });
    expect(reused.code).toBe(1409);
    const afterOne = (await call<Points>(t.app, 'GET', '/mall/points?page_size=100', buyer)).spec;
    expect(afterOne.balance).toBe(before.balance - 300);
    const tooMany = await call(t.app, 'POST', '/mall/orders', buyer, { goods_id: goods.spec.id, quantity: 5, idempotency_key: 'over-stock-1' });
    expect([tooMany.code, (tooMany.spec as { fields: { path: string }[] }).fields[0]?.path]).toEqual([1409, 'body.quantity']);
    const tooDear = await call(t.app, 'POST', '/mall/orders', buyer, { goods_id: goods.spec.id, quantity: 4, idempotency_key: 'over-balance' });
    expect([tooDear.code, (tooDear.spec as { fields: { path: string }[] }).fields.map((f) => f.path)]).toEqual([1409, ['body.quantity']]);
    expect(tooDear.info).toMatch(/^not enough points: 4 × 300 = 1200 points is more than the balance/);
    const after = (await call<Points>(t.app, 'GET', '/mall/points?page_size=100', buyer)).spec;
    expect(after.ledger.total).toBe(afterOne.ledger.total);
    expect((await call<List<Goods>>(t.app, 'GET', '/mall/goods', buyer)).spec.list.find((g) => g.id === goods.spec.id)?.stock).toBe(4);
    // bad input names the field
    const negative = await call(t.app, 'POST', '/mall/goods', admin, { name: 'x', price_points: -1, stock: 1 });
    expect([negative.code, (negative.spec as { fields: { path: string }[] }).fields[0]?.path]).toEqual([1400, 'body.price_points']);
    expect((await call(t.app, 'POST', '/mall/points/grant', admin, { user_name: 'demo-bound', points: -1_000_000 })).code).toBe(1409);
    expect((await call(t.app, 'POST', '/mall/goods', buyer, { name: 'x', price_points: 1, stock: 1 })).code).toBe(1403);
  });

  it('refunds once: points and stock come back, a second refund is a conflict', async () => {
    const orders = (await call<List<Order>>(t.app, 'GET', '/mall/orders?page_size=1', buyers[0]!)).spec.list;
    const refunded = await call<Order>(t.app, 'POST', `/mall/orders/${orders[0]!.id}/refund`, admin);
    expect(refunded.spec.status).toBe('refunded');
    expect((await call(t.app, 'POST', `/mall/orders/${orders[0]!.id}/refund`, admin)).code).toBe(1409);
    const points = (await call<Points>(t.app, 'GET', '/mall/points?page_size=100', buyers[0]!)).spec;
    expect(points.balance).toBe(ledgerSum(points));
    expect(points.ledger.list[0]?.reason).toBe(`refund:${orders[0]!.id}`);
  });

  it('pays the points an admin set once on registration and once on completed verification (e-mail and phone)', async () => {
    expect((await call(t.app, 'PUT', '/mall/rules', admin, { event: 'register', points: 50 })).code).toBe(200);
    expect((await call(t.app, 'PUT', '/mall/rules', admin, { event: 'verify', points: 30 })).code).toBe(200);
    const registered = await registerByEmail(t.app, 'mall-newbie@example.com', 'mall-newbie');
    expect(registered.code).toBe(200);
    const userId = (registered.spec as { id: number }).id;
    const ledger = () => t.database.db.select({ delta: pointsLedger.delta, balance: pointsLedger.balanceAfter, reason: pointsLedger.reason }).from(pointsLedger).where(eq(pointsLedger.userId, userId)).orderBy(pointsLedger.id);
    expect(await ledger()).toEqual([{ delta: 50, balance: 50, reason: 'rule:register' }]);
    // registered by e-mail: confirming a phone by code completes the verification
    const token = await login(t.app, 'mall-newbie', strongPassword);
    const confirmPhone = async (telephone: string) => {
      expect((await call(t.app, 'POST', '/user/user_verify/telephone_modify_code', token, { telephone })).code).toBe(200);
      const verification_code = await codeFromOutbox(t.app, telephone);
      expect((await call(t.app, 'PATCH', '/user/user/modify_user_telephone', token, { telephone, verification_code })).code).toBe(200);
    };
    await confirmPhone('13900000123');
    expect(await ledger()).toEqual([
      { delta: 50, balance: 50, reason: 'rule:register' },
      { delta: 30, balance: 80, reason: 'rule:verify' },
    ]);
    // verified again with another phone: the rule has paid already
    await confirmPhone('13900000124');
    expect(await ledger()).toHaveLength(2);
  });

  it('fulfils an open order once, and refunds a fulfilled one: ledger entries and stock follow', async () => {
    const goods = (await call<Goods>(t.app, 'POST', '/mall/goods', admin, { name: 'Cap', price_points: 100, stock: 3 })).spec;
    const buyer = buyers[1]!;
    const before = (await call<Points>(t.app, 'GET', '/mall/points?page_size=100', buyer)).spec;
    const order = await call<Order>(t.app, 'POST', '/mall/orders', buyer, { goods_id: goods.id, quantity: 2, idempotency_key: 'cap-order-1' });
    expect(order.spec).toMatchObject({ status: 'placed', quantity: 2, points: 200, goods_name: 'Cap' });
    const stock = async () => (await call<List<Goods>>(t.app, 'GET', '/mall/goods?all=true&page_size=100', admin)).spec.list.find((g) => g.id === goods.id)!.stock;
    expect(await stock()).toBe(1);
    const placed = (await call<Points>(t.app, 'GET', '/mall/points?page_size=100', buyer)).spec;
    expect(placed.balance).toBe(before.balance - 200);
    expect(placed.ledger.list[0]).toMatchObject({ delta: -200, balance_after: before.balance - 200, reason: `order:${order.spec.id}` });

    expect((await call(t.app, 'POST', `/mall/orders/${order.spec.id}/fulfil`, buyer)).code).toBe(1403);
    const fulfilled = await call<Order>(t.app, 'POST', `/mall/orders/${order.spec.id}/fulfil`, admin);
    expect(fulfilled.spec.status).toBe('fulfilled');
    const again = await call(t.app, 'POST', `/mall/orders/${order.spec.id}/fulfil`, admin);
    expect([again.code, (again.spec as { fields: { path: string }[] }).fields[0]?.path]).toEqual([1409, 'params.id']);
    expect((await call(t.app, 'POST', '/mall/orders/999999/fulfil', admin)).code).toBe(1404);
    // fulfilling writes no ledger entry and moves no stock
    expect((await call<Points>(t.app, 'GET', '/mall/points?page_size=100', buyer)).spec.ledger.total).toBe(placed.ledger.total);
    expect(await stock()).toBe(1);
    const mine = await call<List<Order>>(t.app, 'GET', '/mall/orders?field_eq_status=fulfilled', buyer);
    expect(mine.spec.list.map((o) => o.id)).toEqual([order.spec.id]);

    const refunded = await call<Order>(t.app, 'POST', `/mall/orders/${order.spec.id}/refund`, admin);
    expect(refunded.spec.status).toBe('refunded');
    const after = (await call<Points>(t.app, 'GET', '/mall/points?page_size=100', buyer)).spec;
    expect(after.balance).toBe(before.balance);
    expect(after.ledger.total).toBe(placed.ledger.total + 1);
    expect(after.ledger.list[0]).toMatchObject({ delta: 200, balance_after: before.balance, reason: `refund:${order.spec.id}` });
    expect(after.balance).toBe(ledgerSum(after));
    expect(await stock()).toBe(3);
    expect((await call(t.app, 'POST', `/mall/orders/${order.spec.id}/fulfil`, admin)).code).toBe(1409);
  });

  it('takes goods off the shelf: hidden from shoppers and not orderable (field named, ledger unchanged) until back on it', async () => {
    const goods = (await call<Goods>(t.app, 'POST', '/mall/goods', admin, { name: 'Sticker', price_points: 10, stock: 5 })).spec;
    const buyer = buyers[2]!;
    const off = await call<Goods>(t.app, 'PATCH', `/mall/goods/${goods.id}`, admin, { on_shelf: false });
    expect(off.spec.on_shelf).toBe(false);
    expect((await call(t.app, 'PATCH', `/mall/goods/${goods.id}`, buyer, { on_shelf: true })).code).toBe(1403);
    expect((await call<List<Goods>>(t.app, 'GET', '/mall/goods?page_size=100', buyer)).spec.list.map((g) => g.id)).not.toContain(goods.id);
    expect((await call<List<Goods>>(t.app, 'GET', '/mall/goods?all=true&page_size=100', admin)).spec.list.map((g) => g.id)).toContain(goods.id);
    const before = (await call<Points>(t.app, 'GET', '/mall/points?page_size=100', buyer)).spec;
    const refused = await call(t.app, 'POST', '/mall/orders', buyer, { goods_id: goods.id, quantity: 1, idempotency_key: 'off-shelf-1' });
    expect([refused.code, (refused.spec as { fields: { path: string }[] }).fields[0]?.path]).toEqual([1409, 'body.goods_id']);
    expect(refused.info).toContain('off the shelf');
    expect((await call(t.app, 'POST', '/mall/orders', buyer, { goods_id: 999999, quantity: 1, idempotency_key: 'no-goods-1' })).code).toBe(1404);
    const unchanged = (await call<Points>(t.app, 'GET', '/mall/points?page_size=100', buyer)).spec;
    expect([unchanged.balance, unchanged.ledger.total]).toEqual([before.balance, before.ledger.total]);
    expect((await call<List<Goods>>(t.app, 'GET', '/mall/goods?all=true&page_size=100', admin)).spec.list.find((g) => g.id === goods.id)?.stock).toBe(5);

    expect((await call(t.app, 'PATCH', `/mall/goods/${goods.id}`, admin, { on_shelf: true })).code).toBe(200);
    expect((await call<List<Goods>>(t.app, 'GET', '/mall/goods?page_size=100', buyer)).spec.list.map((g) => g.id)).toContain(goods.id);
    const bought = await call<Order>(t.app, 'POST', '/mall/orders', buyer, { goods_id: goods.id, quantity: 1, idempotency_key: 'off-shelf-2' });
    expect(bought.code).toBe(200);
    expect((await call<Points>(t.app, 'GET', '/mall/points?page_size=100', buyer)).spec.balance).toBe(before.balance - 10);
  });
});
