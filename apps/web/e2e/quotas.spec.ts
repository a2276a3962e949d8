import { expect, test, type Page } from '@playwright/test';
import { adminPassword, demoPassword } from './env';
import { openFromSidebar, signIn } from './helpers';

// Issue 4 part 3: an administrator grants a partition to a group; the group's user sees it, with the
// grant's limit, on /cluster-partition/available-res.
test.describe.configure({ mode: 'serial' });

async function pickOption(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-item-option', { hasText: label }).first().click();
}

// The fresh install's every-group grant keeps local usable for the other specs; only demo-lab's own grant is
// undone, and the admin (bound here: /cluster-partition needs binded_account, spec §2) is unbound again.
test.afterAll(async ({ request }) => {
  const login = await request.post('/api/keystone/short_term_token/name', { data: { name: 'admin', password: adminPassword } });
  const token = ((await login.json()) as { spec: { token: string } }).spec.token;
  const headers = { 'Bihu-Token': token };
  await request.delete('/api/kcluster/partition_quota', { headers, data: { cluster_name: 'local', partition_name: 'local', group_name: 'demo-lab' } });
  await request.post('/api/user/unbind', { headers, data: { user_name: 'admin' } });
});

test("an administrator grants a partition to a group and the group's user sees it among their resources", async ({ page, browser }) => {
  test.setTimeout(90_000);

  await test.step('the admin binds a system account (the /cluster-partition area needs one)', async () => {
    await signIn(page, 'admin', adminPassword);
    await page.goto('/bind');
    await page.getByTestId('bind-account').fill('sl_e2e_admin');
    await page.getByTestId('bind-submit').click();
    await expect(page.getByText('bound successfully, please log in again')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  await test.step('admin grants local/local to demo-lab with at most 3 CPUs per job', async () => {
    await signIn(page, 'admin', adminPassword);
    await openFromSidebar(page, '/cluster-partition/available-res');
    await page.getByTestId('manage-grants').hover();
    await page.locator('.ant-dropdown-menu-item', { hasText: 'local' }).click();
    await expect(page).toHaveURL(/\/cluster-partition\/cluster-partition-quotas\/local$/);
    await expect(page.getByTestId('grants-of-local')).toContainText('Every group');
    await page.getByTestId('grant-local').click();
    await pickOption(page, 'grant-form-group', 'demo-lab');
    await page.getByTestId('grant-form-max-cpus').fill('3');
    await page.getByTestId('grant-form-save').click();
    await expect(page.getByTestId('grant-tag-demo-lab')).toContainText('max 3 CPUs');
  });

  await test.step('demo-bound (demo-lab) opens available resources and sees the grant and its limit', async () => {
    const context = await browser.newContext();
    const member = await context.newPage();
    await signIn(member, 'demo-bound', demoPassword);
    await openFromSidebar(member, '/cluster-partition/available-res');
    const card = member.getByTestId('available-partition-local-local');
    await expect(card).toContainText('demo-lab');
    await expect(card).toContainText('CPUs per job');
    await expect(card).toContainText('3');
    await context.close();
  });

  await test.step('admin revokes the grant again from the same screen', async () => {
    await page.getByTestId('grant-tag-demo-lab').click();
    await page.getByTestId('grant-form-revoke').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByTestId('grants-of-local')).not.toContainText('demo-lab');
  });
});
