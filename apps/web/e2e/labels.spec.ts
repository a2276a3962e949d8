import { expect, test, type Page } from '@playwright/test';
import { adminPassword, demoPassword } from './env';
import { openFromSidebar, signIn } from './helpers';

// Link settings end to end: an administrator changes the transfer client's version and a link in label
// admin; a bound user's /storage/udt then offers exactly that, and names what is missing.
const version = '9.9.9';
const winUrl = 'https://downloads.example.org/transfer-9.9.9.exe';

async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-logout').click();
  await expect(page).toHaveURL(/\/login/);
}

test('an admin sets the transfer-client links in label admin; a bound user downloads from /storage/udt', async ({ page }) => {
  test.setTimeout(60_000);

  await test.step('the admin edits transclient-version and adds transclient-9.9.9-Win', async () => {
    await signIn(page, 'admin', adminPassword);
    await openFromSidebar(page, '/label/label-admin');
    await page.getByTestId('label-search').locator('input').fill('transclient-version');
    await page.getByTestId('label-search').locator('input').press('Enter');
    await page.getByTestId('edit-label-transclient-version').click();
    await page.getByTestId('label-description').fill(version);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'transclient-version' })).toContainText(version);

    await page.getByTestId('add-label').click();
    await page.getByTestId('label-type-select').click();
    await page.locator('.ant-select-item-option[title="link"]').click();
    await page.getByTestId('label-name').fill('transclient-9.9.9-Win');
    await page.getByTestId('label-description').fill(winUrl);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('label-form')).toBeHidden();
    await signOut(page);
  });

  await test.step('a bound user sees the Windows link; the platforms without one read that they are not published yet', async () => {
    await signIn(page, 'demo-bound', demoPassword);
    await openFromSidebar(page, '/storage/udt');
    const card = page.getByTestId('transfer-client');
    await expect(card).toContainText(version);
    // Chromium on Linux: the visitor's platform is Linux, which has no link for 9.9.9
    await expect(page.getByTestId('transfer-mine')).toContainText('Not published for Linux yet.');
    await expect(page.getByTestId('transfer-others').getByTestId('download-Win')).toHaveAttribute('href', winUrl);
    await expect(page.getByTestId('transfer-missing')).toHaveCount(0);
    await expect(card).not.toContainText('no such value');
    await expect(page.getByTestId('edit-transfer-links')).toHaveCount(0);
  });
});
