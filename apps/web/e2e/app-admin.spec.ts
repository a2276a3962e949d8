import { expect, test } from '@playwright/test';
import { adminPassword } from './env';
import { openFromSidebar, signIn, tokenKey } from './helpers';

// Issue 10, administration: /app/manage (create_app_by_admin) and /app/app-params (query_partitions_admin) on the
// apps module's calls, in four languages and at 390 px.

test('an administrator manages the apps and sets a partition’s app limits', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', adminPassword);

  await test.step('/app/manage lists every app with its versions; publishing changes the visibility', async () => {
    await openFromSidebar(page, '/app/manage');
    const row = page.getByTestId('app-manage').locator('tr', { hasText: '(word-count)' });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await row.locator('.ant-table-row-expand-icon').click();
    // the only version is the latest one: it cannot be deleted
    const v1 = page.getByTestId('manage-version-word-count-1');
    await expect(v1).toContainText('latest version');
    await expect(v1.getByRole('button', { name: 'Delete version' })).toBeDisabled();
    const visibility = page.getByTestId('manage-visibility-sort-lines');
    const before = await visibility.innerText();
    await visibility.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Private"]').click();
    await expect(visibility).toContainText('Private');
    await visibility.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Public (published)"]').click();
    await expect(visibility).toContainText('Public (published)');
    expect(before).toContain('Public');
  });

  await test.step('/app/manage puts a label on an app and takes it off (the spec §7 label relation calls)', async () => {
    // a label to use, made through the labels module's own calls
    const token = await page.evaluate((key) => localStorage.getItem(key) ?? '', tokenKey);
    const headers = { 'Bihu-Token': token };
    const suffix = Date.now().toString(36);
    const type = await (await page.request.post('/api/label/type', { headers, data: { name: `topic-${suffix}` } })).json();
    const label = await (await page.request.post('/api/label/label', { headers, data: { name: `text-${suffix}`, label_type_id: type.spec.id } })).json();
    expect(label.code).toBe(200);
    await page.getByTestId('manage-label-sort-lines').click();
    await page.getByTestId('app-labels-pick').click();
    await page.keyboard.type(`text-${suffix}`);
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="text-${suffix}"]`).click();
    await page.getByTestId('app-labels-add').click();
    await expect(page.getByTestId(`app-label-text-${suffix}`)).toBeVisible();
    await expect(page.getByTestId('manage-labels-sort-lines')).toContainText(`text-${suffix}`);
    // the catalogue filters by it
    const listed = await (await page.request.get(`/api/app/apps?field_eq_label=${label.spec.id}`, { headers })).json();
    expect(listed.spec.list.map((a: { name: string }) => a.name)).toEqual(['sort-lines']);
    await page.getByTestId(`app-label-text-${suffix}`).locator('.ant-tag-close-icon').click();
    await expect(page.getByTestId(`app-label-text-${suffix}`)).toBeHidden();
    await expect(page.getByTestId('manage-labels-sort-lines')).not.toContainText(`text-${suffix}`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('app-labels')).toBeHidden();
  });

  await test.step('/app/app-params: a limit over its maximum is refused; a saved one is listed and removed', async () => {
    await openFromSidebar(page, '/app/app-params');
    await page.getByTestId('params-cluster').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="local"]').click();
    // the cluster's list closes before the partition's opens (both offer "local")
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    await page.getByTestId('params-partition').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="local"]').click();
    await page.getByTestId('params-default_cpus').fill('4');
    await page.getByTestId('params-max_cpus').fill('2');
    await page.getByTestId('params-save').click();
    await expect(page.getByText('default_cpus is over max_cpus')).toBeVisible();
    await page.getByTestId('params-default_cpus').fill('1');
    await page.getByTestId('params-max_time_minutes').fill('600');
    await page.getByTestId('params-save').click();
    const row = page.getByTestId('app-params').locator('tr', { hasText: 'local/local' });
    await expect(row).toContainText('600');
    await row.getByTestId('params-delete-local-local').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
    await expect(row).toBeHidden();
  });

  await test.step('both screens read in every language and fit 390 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const titles: Record<string, [string, string]> = {
      en: ['Manage applications', 'Application parameters'],
      zh: ['应用管理', '应用参数'],
      es: ['Gestionar aplicaciones', 'Parámetros de aplicaciones'],
      ja: ['アプリケーション管理', 'アプリケーションパラメータ'],
    };
    for (const [language, [manage, params]] of Object.entries(titles)) {
      await page.evaluate((l) => localStorage.setItem('language', l), language);
      for (const [url, testId, title] of [
        ['/app/manage', 'app-manage', manage],
        ['/app/app-params', 'app-params', params],
      ] as const) {
        await page.goto(url);
        await expect(page.getByTestId(testId)).toBeVisible({ timeout: 15_000 });
        await expect(page.getByTestId(`${testId}-page`)).toContainText(title);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${url} ${language}`).toBeLessThanOrEqual(0);
        if (language === 'zh') await page.screenshot({ path: test.info().outputPath(`${testId}-390-zh.png`), fullPage: true });
      }
    }
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });
});
