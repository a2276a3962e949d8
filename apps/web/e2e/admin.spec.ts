import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminPassword, demoPassword } from './env';
import { openFromSidebar, sidebarPaths, signIn, tokenKey } from './helpers';

// Issue 3 parts 5, 6, 8: roles → keys → sidebar; a group admin promotes a member; account switching.
const roleName = 'e2e-job-readers';
const memberName = 'e2e-lab-member';

async function adminApiToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/keystone/short_term_token/name', { data: { name: 'admin', password: adminPassword } });
  return ((await login.json()) as { spec: { token: string } }).spec.token;
}

async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-logout').click();
  await expect(page).toHaveURL(/\/login/);
}

test.describe.configure({ mode: 'serial' });

// Other specs expect demo-user without keys: take the role back and delete it whatever happened here.
test.afterAll(async ({ request }) => {
  const headers = { 'Bihu-Token': await adminApiToken(request) };
  await request.post('/api/user/user_role', { headers, data: { user_name: 'demo-user', roles: [] } });
  const roles = (await (await request.get('/api/perm/roles', { headers })).json()) as { spec: { id: number; name: string }[] };
  const role = roles.spec.find((r) => r.name === roleName);
  if (role) await request.delete(`/api/perm/roles/${role.id}`, { headers });
});

test('an admin creates a role with query_others_job and gives it to demo-user, whose sidebar then shows /job/list', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'demo-user', demoPassword);
  expect(await sidebarPaths(page)).not.toContain('/job/list');
  await signOut(page);

  await signIn(page, 'admin', adminPassword);
  await openFromSidebar(page, '/user-center/role-manage');
  await page.getByTestId('role-create').click();
  await page.getByTestId('role-name').fill(roleName);
  await expect(page.getByTestId('key-query_others_job')).toContainText("View every user's jobs");
  await page.getByTestId('key-query_others_job').click();
  await page.locator('.ant-modal-footer').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('role-manage').getByRole('cell', { name: roleName })).toBeVisible();

  await openFromSidebar(page, '/user-center/user-manage');
  await page.getByTestId('user-search').locator('input').fill('demo-user');
  await page.getByTestId('user-search').locator('input').press('Enter');
  await page.locator('[data-testid="user-link"][data-user="demo-user"]').click();
  await expect(page.getByTestId('user-detail')).toBeVisible();
  await page.getByTestId('user-roles-select').click();
  await page.locator('.ant-select-item-option', { hasText: roleName }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('user-roles-save').click();
  await expect(page.getByText('Saved')).toBeVisible();
  await signOut(page);

  await signIn(page, 'demo-user', demoPassword);
  expect(await sidebarPaths(page)).toContain('/job/list');
  await openFromSidebar(page, '/job/list');
});

test('demo-gadmin adds a member to demo-lab and promotes them to group administrator', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'demo-gadmin', 'E2e-Demo-Pass1');
  await openFromSidebar(page, '/user-center/group-manage');
  const groups = page.getByTestId('group-link');
  await expect(groups).toHaveText(['demo-lab']);
  await groups.first().click();
  await expect(page.getByTestId('group-info')).toBeVisible();

  const row = page.locator('tr', { has: page.locator(`[data-testid="user-link"][data-user="${memberName}"]`) });
  if ((await row.count()) === 0) {
    await page.getByTestId('group-create-user').click();
    await page.getByTestId('create-user-name').fill(memberName);
    await page.getByTestId('create-user-password').fill('Member-pass-1');
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Create' }).click();
    await expect(row).toBeVisible();
  }
  await expect(row.getByText('group admin', { exact: true })).toHaveCount(0);
  await row.getByTestId('group-admin-toggle').click();
  await expect(page.getByText(`${memberName} is now a group administrator`)).toBeVisible();
  await expect(row.getByText('group admin', { exact: true })).toBeVisible();
  await expect(row.getByTestId('group-admin-toggle')).toHaveText('Remove group admin');
});

test('admin switches to demo-user, sees their name in the top bar, and switches back', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', adminPassword);
  const adminToken = await page.evaluate((key) => localStorage.getItem(key), tokenKey);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-switch').click();
  await page.getByRole('button', { name: 'Switch', exact: true }).click();
  await expect(page.getByText('The user name cannot be empty')).toBeVisible();
  await page.getByTestId('switch-user-input').locator('input').fill('demo-u');
  await page.locator('.ant-select-item-option', { hasText: 'demo-user' }).click();
  await page.getByRole('button', { name: 'Switch', exact: true }).click();

  await expect(page.getByTestId('user-menu')).toContainText('Demo User');
  await expect(page.getByTestId('dashboard-account')).toContainText('demo-user');
  expect(await page.evaluate(() => localStorage.getItem('baseToken'))).toBe(adminToken);

  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('user-menu-switch-back')).toBeVisible();
  await page.getByText('Authorised accounts').hover();
  await expect(page.getByTestId('authorised-account')).toHaveText(['admin', 'demo-user']);
  await page.getByTestId('user-menu-switch-back').click();
  await expect(page.getByTestId('dashboard-account')).toContainText('admin');
  await expect(page.getByTestId('user-menu')).not.toContainText('Demo User');
  expect(await page.evaluate((key) => localStorage.getItem(key), tokenKey)).toBe(adminToken);
  expect(await page.evaluate(() => localStorage.getItem('baseToken'))).toBeNull();

  await test.step('the audit page shows the switch with both identities', async () => {
    await openFromSidebar(page, '/audit/audit-admin');
    await page.getByTestId('audit-actor').locator('input').fill('admin');
    await page.getByTestId('audit-actor').locator('input').press('Enter');
    await expect(page.getByTestId('audit-row-action').filter({ hasText: 'Switched to user' }).first()).toBeVisible();
    await expect(page.getByTestId('audit-row-actor').filter({ hasText: 'demo-user (by admin)' }).first()).toBeVisible();
  });
});

test("the admin reads the outbox screen: newest first, recipient, channel, the code of an account they may manage", async ({ page, request }) => {
  const address = 'demo-auditor@example.com';
  const sent = await request.post('/api/user/user_verify/email_reset_code', { data: { email: address } });
  expect(((await sent.json()) as { code: number }).code).toBe(200);

  await signIn(page, 'admin', adminPassword);
  await openFromSidebar(page, '/user-center/outbox');
  await expect(page.getByTestId('outbox-admin')).toContainText('Without SMTP or an SMS provider');
  await expect(page.getByTestId('outbox-row-to').first()).toHaveText(address);
  await expect(page.getByTestId('outbox-row-body').first()).toContainText(/\b\d{6}\b/);
  await expect(page.getByTestId('outbox-row-masked')).toHaveCount(0);
  await page.getByTestId('outbox-address').locator('input').fill('nobody-at-all@example.com');
  await page.getByTestId('outbox-address').locator('input').press('Enter');
  await expect(page.getByTestId('outbox-row-to')).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByTestId('outbox-address').locator('input').fill(address);
  await page.getByTestId('outbox-address').locator('input').press('Enter');
  await expect(page.getByTestId('outbox-row-to').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('outbox-390.png') });
});
