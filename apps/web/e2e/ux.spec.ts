import { expect, test, type Page } from '@playwright/test';
import { adminPassword, demoPassword } from './env';
import { openFromSidebar, sidebarPaths, signIn, tokenKey } from './helpers';

/** A call with the signed-in user's token (setting up what a test looks at, not what it proves). */
async function api(page: Page, method: string, path: string, body?: unknown): Promise<{ code: number; spec: unknown }> {
  return page.evaluate(
    async ({ key, method, path, body }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: { 'Bihu-Token': localStorage.getItem(key) ?? '', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as { code: number; spec: unknown };
    },
    { key: tokenKey, method, path, body },
  );
}

/** Signs in as another user: the stored token goes first (/login sends a signed-in user home). */
async function signInAs(page: Page, name: string, password: string) {
  await page.evaluate((key) => localStorage.removeItem(key), tokenKey);
  await signIn(page, name, password);
}

test.describe('an unbound user and the pages binding opens', () => {
  test('a gated page says that binding a system account opens it, and links to binding', async ({ page }) => {
    await signIn(page, 'demo-user', demoPassword);
    await page.goto('/storage/files');
    await expect(page).toHaveURL(/\/401$/);
    await expect(page.getByTestId('needs-binding')).toHaveText('This page opens once you bind your system (HPC) account.');
    await page.getByTestId('bind-link').click();
    await expect(page).toHaveURL(/\/user-center\/bind-account$/);
    await expect(page.getByTestId('bind-account-page')).toBeVisible();
  });

  test('a page gated by another key keeps the plain 401', async ({ page }) => {
    await signIn(page, 'demo-user', demoPassword);
    await page.goto('/monitor/nodes');
    await expect(page.getByTestId('page-401')).toBeVisible();
    await expect(page.getByTestId('needs-binding')).toHaveCount(0);
    await expect(page.getByTestId('bind-link')).toHaveCount(0);
  });

  test('the first admin reaches cluster administration without binding', async ({ page }) => {
    await signIn(page, 'admin', adminPassword);
    const paths = await sidebarPaths(page);
    expect(paths).toEqual(expect.arrayContaining(['/cluster-partition/platform', '/cluster-partition/k-node', '/cluster-partition/fs']));
    expect(paths).not.toContain('/cluster-partition/available-res'); // open pages of the group still need the binding
    await openFromSidebar(page, '/cluster-partition/platform');
    await expect(page.getByTestId('cluster-platform-page')).toBeVisible();
    await page.goto('/cluster-partition');
    await expect(page).toHaveURL(/\/cluster-partition\/platform$/);
    await expect(page.getByTestId('cluster-platform-page')).toBeVisible();
  });
});

test.describe('areas not built yet', () => {
  test('are not in the sidebar, even for a bound user, but their routes still answer', async ({ page }) => {
    await signIn(page, 'demo-bound', demoPassword);
    const paths = await sidebarPaths(page);
    expect(paths).toContain('/storage/files');
    expect(paths).toContain('/user-center/message');
    expect(paths).not.toContain('/platform-resource/cloud');
    await page.goto('/platform-resource/cloud');
    await expect(page.getByTestId('unavailable')).toBeVisible();
  });
});

test.describe('texts in the reader’s language', () => {
  test('an API error reads in English in en and verbatim in Chinese in zh', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, 'admin', adminPassword);
    // 'commit': the toast may come and go (4.5 s) before a busy page's load event
    await page.goto('/monitor/state/no-such-node?cluster=local', { waitUntil: 'commit' });
    const toast = page.locator('.ant-notification-notice').first();
    // one look: the notification closes by itself after a few seconds
    await expect(toast).toContainText(/Request failed: .+ \(error number: [0-9a-f-]+\)/, { timeout: 30_000 });
    await expect(page.locator('body')).not.toContainText('请求出错');

    await page.evaluate(() => localStorage.setItem('language', 'zh'));
    await page.reload({ waitUntil: 'commit' });
    await expect(page.locator('.ant-notification-notice').first()).toContainText(/请求出错：.+，错误编号：[0-9a-f-]+/, { timeout: 30_000 });
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });

  test('/reset-pwd opens without a login', async ({ page }) => {
    await page.goto('/reset-pwd');
    await expect(page.getByTestId('reset-pwd-page')).toBeVisible();
    await expect(page).toHaveURL(/\/reset-pwd$/);
    await expect(page.getByTestId('reset-pwd-sign-in')).toHaveAttribute('href', '/login?redirect=/reset-pwd');
  });

  test('/storage/udt says the administrator has not published the client yet', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, 'admin', adminPassword);
    const found = await api(page, 'GET', '/label/label?field_eq_label_type_name=link&field_eq_name=transclient-version');
    const version = (found.spec as { list: { id: number; description: string }[] }).list[0];
    expect(version).toBeDefined();
    if (!version) return;
    expect((await api(page, 'PATCH', `/label/label/${version.id}`, { description: '' })).code).toBe(200);
    try {
      await signInAs(page, 'demo-bound', demoPassword);
      await openFromSidebar(page, '/storage/udt');
      await expect(page.getByTestId('transfer-not-published')).toHaveText('The administrator has not published the transfer client yet.');
      await expect(page.getByTestId('transfer-client')).not.toContainText('no such value');
      await expect(page.getByTestId('transfer-client')).not.toContainText('transclient-version');
    } finally {
      await signInAs(page, 'admin', adminPassword);
      expect((await api(page, 'PATCH', `/label/label/${version.id}`, { description: version.description })).code).toBe(200);
    }
  });
});
