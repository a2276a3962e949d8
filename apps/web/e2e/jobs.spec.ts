import { expect, test, type Page } from '@playwright/test';
import { adminPassword, demoPassword } from './env';
import { openFromSidebar, permissionsOf, sidebarPaths, signIn } from './helpers';

// The issue 4 journey on the embedded default (local cluster): bind → submit → watch → output → admin list.
const account = 'sl_demo_user';
const jobName = 'e2e-hello';

async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-logout').click();
  await expect(page).toHaveURL(/\/login/);
}

test.describe.configure({ mode: 'serial' });

// demo-user starts unbound in the other specs: undo the binding whatever happened here.
test.afterAll(async ({ request }) => {
  const login = await request.post('/api/keystone/short_term_token/name', { data: { name: 'admin', password: adminPassword } });
  const token = ((await login.json()) as { spec: { token: string } }).spec.token;
  await request.post('/api/user/unbind', { headers: { 'Bihu-Token': token }, data: { user_name: 'demo-user' } });
});

test('a new user binds an account, submits a job, watches it finish and reads its output; an admin sees it', async ({ page }) => {
  test.setTimeout(120_000);

  await test.step('demo-user binds a three-part account and is logged out', async () => {
    await signIn(page, 'demo-user', demoPassword);
    expect(await permissionsOf(page)).not.toContain('binded_account');
    await page.goto('/bind');
    await expect(page.getByTestId('bind-form')).toBeVisible();
    await page.getByTestId('bind-account').fill('not-three-parts');
    await page.getByTestId('bind-submit').click();
    await expect(page.locator('.ant-form-item-explain-error')).toHaveText('Three parts joined by underscores, e.g. abc_def_ghi');
    await page.getByTestId('bind-account').fill(account);
    await page.getByTestId('bind-submit').click();
    await expect(page.getByText('bound successfully, please log in again')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  await test.step('signed in again, the sidebar has the bound areas', async () => {
    await signIn(page, 'demo-user', demoPassword);
    expect(await permissionsOf(page)).toContain('binded_account');
    const paths = await sidebarPaths(page);
    for (const p of ['/job/myjobs', '/storage/files']) expect(paths).toContain(p);
  });

  await test.step('submits a job from /job/myjobs', async () => {
    await openFromSidebar(page, '/job/myjobs');
    await page.getByTestId('submit-job-open').click();
    await expect(page.getByTestId('submit-partition')).toContainText('local');
    await page.getByTestId('submit-name').fill(jobName);
    await page.getByTestId('submit-script').fill('#!/bin/bash\necho hello-from-starlight; sleep 3');
    await page.getByTestId('submit-job').click();
    await expect(page.getByTestId('submit-job-drawer')).toBeHidden();
  });

  const row = page.getByTestId('job-row').filter({ hasText: jobName });
  await test.step('sees it PENDING or RUNNING, then COMPLETED, without reloading', async () => {
    await expect(row).toHaveAttribute('data-state', /PENDING|RUNNING/, { timeout: 10_000 });
    await expect(page.getByTestId('job-live')).toBeVisible();
    await expect(row).toHaveAttribute('data-state', 'COMPLETED', { timeout: 30_000 });
  });

  await test.step('opens its detail and reads the output', async () => {
    await row.getByTestId('job-link').click();
    await expect(page).toHaveURL(/\/job\/info\/local\/\d+$/);
    await expect(page.getByTestId('job-detail')).toHaveAttribute('data-state', 'COMPLETED');
    await expect(page.getByTestId('job-stdout')).toContainText('hello-from-starlight');
    await expect(page.getByTestId('job-exit-code')).toHaveText('0');
    await expect(page.getByTestId('job-core-hours')).toContainText('core-hours');
    await expect(page.getByTestId('job-cancel')).toHaveCount(0);
  });

  await test.step('an admin sees it in /job/list', async () => {
    await signOut(page);
    await signIn(page, 'admin', adminPassword);
    await openFromSidebar(page, '/job/list');
    const adminRow = page.getByTestId('job-row').filter({ hasText: jobName });
    await expect(adminRow).toHaveAttribute('data-state', 'COMPLETED');
    await expect(adminRow).toContainText('demo-user');
  });
});

test('the monitor pages show the local node and the jobs on it', async ({ page }) => {
  await signIn(page, 'admin', adminPassword);
  await openFromSidebar(page, '/monitor/nodes');
  const link = page.getByTestId('node-link').first();
  await expect(link).toBeVisible();
  await expect(page.getByTestId('node-table')).toContainText('local');
  await link.click();
  await expect(page).toHaveURL(/\/monitor\/state\/[^/?]+\?cluster=local$/);
  await expect(page.getByTestId('node-summary')).toContainText('local');
});
