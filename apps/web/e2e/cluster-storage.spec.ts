import { expect, test, type Page } from '@playwright/test';
import { demoPassword } from './env';
import { signIn } from './helpers';

// Storage quotas on the embedded cluster's `home` storage: a group administrator sets one for a user of
// the group (here themself, so other journeys' users keep their space), the dashboard shows it, and an
// upload past it is refused before any byte is written. The limit is removed again at the end.

const row = (page: Page) => page.getByRole('row').filter({ hasText: 'demo-gadmin' }).filter({ hasText: 'local / home' });

async function setOwnLimit(page: Page, limit: number | null) {
  const token = await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith('starlight-token'))?.[1] ?? '');
  const reply = await page.request.patch('/api/storage/hpc/storage/user', {
    headers: { 'bihu-token': token },
    data: { user_name: 'demo-gadmin', cluster: 'local', storage: 'home', limit_bytes: limit },
  });
  expect((await reply.json()).code).toBe(200);
}

test('a group administrator sets a storage quota; the dashboard shows it and an upload past it is refused', async ({ page }) => {
  await signIn(page, 'demo-gadmin', demoPassword);
  try {
    await page.goto('/cluster-partition/user-storage-quota');
    await expect(row(page)).toBeVisible();
    await row(page).getByTestId('quota-edit').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: 'No limit' }).uncheck();
    await dialog.getByRole('spinbutton', { name: 'Limit' }).fill('1');
    await dialog.getByRole('combobox').click();
    await page.locator('.ant-select-dropdown').getByTitle('MiB', { exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(row(page)).toContainText('/ 1 MiB');

    await page.goto('/dashboard');
    await expect(page.getByTestId('storage-usage-card')).toContainText('of 1 MiB');

    await page.goto('/storage/files');
    await page.getByTestId('file-input').setInputFiles({ name: 'too-big.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(2 * 1024 * 1024, 1) });
    const item = page.getByTestId('upload-item').filter({ hasText: 'too-big.bin' });
    await expect(item).toHaveAttribute('data-status', 'error', { timeout: 20_000 });
    await expect(item).toContainText('quota');
    const state = await page.evaluate(async () => {
      const token = Object.entries(localStorage).find(([k]) => k.startsWith('starlight-token'))?.[1] ?? '';
      return (await (await fetch('/api/storage/state?file=too-big.bin', { headers: { 'bihu-token': token } })).json()).spec;
    });
    expect(state.exists).toBe(false);
  } finally {
    await setOwnLimit(page, null);
  }
});

test('the storage quota page is usable at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, 'demo-gadmin', demoPassword);
  await page.goto('/cluster-partition/user-storage-quota');
  await expect(row(page)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(row(page).getByTestId('quota-edit')).toBeInViewport();
});
