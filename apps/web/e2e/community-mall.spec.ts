import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminPassword, demoPassword } from './env';
import { openFromSidebar, signIn } from './helpers';

// Issue 12 screens as their users reach them: a community administrator opens the community board and
// downloads its CSV (parsed here and checked against the board's own numbers); a user orders an item in
// the points mall and sees the balance, the history and the order change; an administrator sets the
// charging rules on the fee admin screen.
test.describe.configure({ mode: 'serial' });

async function tokenOf(request: APIRequestContext, name: string, password: string): Promise<string> {
  const login = await request.post('/api/keystone/short_term_token/name', { data: { name, password } });
  return ((await login.json()) as { spec: { token: string } }).spec.token;
}
async function spec<T>(response: { json(): Promise<unknown> }): Promise<T> {
  const body = (await response.json()) as { code: number; info: string; spec: T };
  expect(body.code, body.info).toBe(200);
  return body.spec;
}

const community = `e2e-science-${Date.now().toString(36)}`;
let communityId: number | null = null;

test.afterAll(async ({ request }) => {
  if (communityId === null) return;
  const token = await tokenOf(request, 'admin', adminPassword);
  await request.delete(`/api/community/communities/${communityId}`, { headers: { 'Bihu-Token': token } });
});

test('a community administrator opens the community board and downloads its CSV', async ({ page, request }) => {
  test.setTimeout(90_000);
  const admin = { 'Bihu-Token': await tokenOf(request, 'admin', adminPassword) };
  const created = await spec<{ id: number }>(await request.post('/api/community/communities', { headers: admin, data: { name: community, description: 'e2e' } }));
  communityId = created.id;
  await spec(await request.post(`/api/community/communities/${created.id}/groups`, { headers: admin, data: { group_name: 'demo-lab' } }));
  await spec(await request.post(`/api/community/communities/${created.id}/admins`, { headers: admin, data: { user_name: 'demo-gadmin' } }));

  await signIn(page, 'demo-gadmin', demoPassword);
  await openFromSidebar(page, '/user-center/communitymanboard');
  await page.getByTestId('community-board').getByRole('link', { name: community }).click();
  await expect(page).toHaveURL(new RegExp(`/user-center/communityfee/${community}$`));
  const board = page.getByTestId('community-fee');
  await expect(board.locator('.ant-table-row').filter({ hasText: 'demo-lab' })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), board.getByTestId('community-csv').click()]);
  expect(download.suggestedFilename()).toBe(`community-${community}.csv`);
  const text = await readFile((await download.path())!, 'utf8');
  const [header, ...rows] = text.trim().split('\n').map((line) => line.split(','));
  expect(header).toEqual(['group', 'members', 'core_hours', 'cost_yuan']);
  expect(rows.map((r) => r[0])).toEqual(['demo-lab']);
  // the same numbers as the board's own call
  const usage = await spec<{ groups: { list: { group_name: string; members: number; core_seconds: number; cost: number }[] } }>(
    await request.get(`/api/fee/community/${community}`, { headers: { 'Bihu-Token': await tokenOf(request, 'demo-gadmin', demoPassword) } }),
  );
  const lab = usage.groups.list.find((g) => g.group_name === 'demo-lab')!;
  expect(rows[0]).toEqual(['demo-lab', String(lab.members), (lab.core_seconds / 3600).toFixed(2), (lab.cost / 100).toFixed(2)]);
  expect(lab.members).toBeGreaterThanOrEqual(2);
  await expect(board.locator('.ant-table-row').filter({ hasText: 'demo-lab' })).toContainText(String(lab.members));
});

test('a user orders an item in the points mall and sees the balance, history and order change', async ({ page, request }) => {
  test.setTimeout(90_000);
  const admin = { 'Bihu-Token': await tokenOf(request, 'admin', adminPassword) };
  const name = `E2E Mug ${Date.now().toString(36)}`;
  await spec(await request.post('/api/mall/points/grant', { headers: admin, data: { user_name: 'demo-bound', points: 500 } }));
  const goods = await spec<{ id: number }>(await request.post('/api/mall/goods', { headers: admin, data: { name, price_points: 120, stock: 2 } }));

  await signIn(page, 'demo-bound', demoPassword);
  await openFromSidebar(page, '/user-center/mall-points-manage');
  const mall = page.getByTestId('mall-points');
  const balance = async () => Number(((await mall.getByTestId('points-balance').locator('.ant-statistic-content-value').textContent()) ?? '').replace(/\D/g, ''));
  await expect.poll(balance).toBeGreaterThanOrEqual(500);
  const before = await balance();
  const row = mall.locator('.ant-card').nth(1).locator('.ant-table-row').filter({ hasText: name });
  const stockCell = row.locator('td').nth(2);
  await expect(stockCell).toHaveText('2');
  await row.getByRole('button', { name: 'Order' }).click();

  await expect.poll(balance).toBe(before - 120);
  // the history's newest line is the order, and the order is listed as placed
  const history = mall.locator('.ant-card').first().locator('.ant-table-row').first();
  await expect(history).toContainText('-120');
  await expect(history).toContainText(String(before - 120));
  await expect(history).toContainText('order:');
  const order = mall.locator('.ant-card').last().locator('.ant-table-row').filter({ hasText: name });
  await expect(order).toContainText('Placed');
  await expect(order).toContainText('120');
  await expect(stockCell).toHaveText('1');
  const shelf = await spec<{ list: { id: number; stock: number }[] }>(await request.get('/api/mall/goods?all=true&page_size=100', { headers: admin }));
  expect(shelf.list.find((g) => g.id === goods.id)?.stock).toBe(1);
});

test('an administrator sets the charging rules on the fee admin screen', async ({ page, request }) => {
  test.setTimeout(60_000);
  const admin = { 'Bihu-Token': await tokenOf(request, 'admin', adminPassword) };
  const before = await spec<{ minimum_charge: number; rounding_unit: number }>(await request.get('/api/fee/settings', { headers: admin }));
  try {
    await signIn(page, 'admin', adminPassword);
    await openFromSidebar(page, '/user-center/fee-admin');
    const form = page.getByTestId('fee-settings');
    await expect(form.getByTestId('minimum-charge')).toHaveValue((before.minimum_charge / 100).toFixed(2));
    await expect(form.getByTestId('rounding-unit')).toHaveValue((before.rounding_unit / 100).toFixed(2));
    await form.getByTestId('minimum-charge').fill('0.5');
    await form.getByTestId('rounding-unit').fill('0.1');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByTestId('fee-settings-saved')).toBeVisible();
    expect(await spec(await request.get('/api/fee/settings', { headers: admin }))).toEqual({ minimum_charge: 50, rounding_unit: 10 });
  } finally {
    await request.put('/api/fee/settings', { headers: admin, data: before });
  }
});
