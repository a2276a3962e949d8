import { expect, test } from '@playwright/test';
import { adminPassword, demoPassword } from './env';
import { openFromSidebar, signIn } from './helpers';

// The user's-eye pass: pages an ordinary user may open explain themselves; the cluster list leads to grants.

test('demo-user (no keys) opens the user and group pages and reads why they are empty, without an error', async ({ page }) => {
  await signIn(page, 'demo-user', demoPassword);
  for (const path of ['/user-center/user-manage', '/user-center/group-manage']) {
    await openFromSidebar(page, path);
    // pages opened from the tags view stay mounted (hidden): the one on screen says it
    await expect(page.getByTestId('admin-scope-noGroup').filter({ visible: true })).toContainText('You administer no group');
    await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
  }
  await page.goto('/user-center/group-info/demo-lab');
  await expect(page.getByTestId('admin-scope-noGroup')).toBeVisible();
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
});

// The admin is bound for /cluster-partition (spec §2: binded_account) and unbound again afterwards.
test.afterAll(async ({ request }) => {
  const login = await request.post('/api/keystone/short_term_token/name', { data: { name: 'admin', password: adminPassword } });
  const token = ((await login.json()) as { spec: { token: string } }).spec.token;
  await request.post('/api/user/unbind', { headers: { 'Bihu-Token': token }, data: { user_name: 'admin' } });
});

test('the admin goes from a cluster on the platform list to its partition grants', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', adminPassword);
  await page.goto('/bind');
  await page.getByTestId('bind-account').fill('sl_e2e_review');
  await page.getByTestId('bind-submit').click();
  await expect(page.getByText('bound successfully, please log in again')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, 'admin', adminPassword);
  await page.goto('/cluster-partition/platform');
  await page.getByTestId('cluster-grants').first().click();
  await expect(page).toHaveURL(/\/cluster-partition\/cluster-partition-quotas\/local$/);
  await expect(page.getByTestId('cluster-partition-quotas-page')).toBeVisible();
});
