import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminPassword } from './env';
import { signIn } from './helpers';

// A real event sends a real message: binding an account → the bell → the detail page → read → the badge drops.
const userName = `msg-e2e-${Date.now() % 100_000}`;
const password = 'Msg-e2e-Pass1';
const account = `sl_msg_${Date.now() % 100_000}`;

const adminToken = async (request: APIRequestContext) => {
  const login = await request.post('/api/keystone/short_term_token/name', { data: { name: 'admin', password: adminPassword } });
  return ((await login.json()) as { spec: { token: string } }).spec.token;
};

test.beforeAll(async ({ request }) => {
  const created = await request.post('/api/user/user', { headers: { 'Bihu-Token': await adminToken(request) }, data: { user_name: userName, password } });
  expect(((await created.json()) as { code: number }).code).toBe(200);
});

test('binding sends a message: bell → detail marks it read → badge drops; the centre lists it read', async ({ page }) => {
  test.setTimeout(150_000);
  // the first sign-in of a fresh server loads the shell's chunks cold: on a loaded machine that can outlast 7 s
  await expect(() => signIn(page, userName, password)).toPass({ timeout: 60_000 });
  await expect(page.getByTestId('message-bell')).toHaveAttribute('data-count', '0');
  await page.goto('/bind');
  await page.getByTestId('bind-account').fill(account);
  await page.getByTestId('bind-submit').click();
  await expect(page.getByText('bound successfully, please log in again')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, userName, password);

  const bell = page.getByTestId('message-bell');
  await expect(bell).toHaveAttribute('data-count', '1');
  await bell.getByRole('button').click();
  const item = page.getByTestId('bell-item').first();
  await expect(item).toContainText(account);
  await item.click();
  await expect(page).toHaveURL(/\/user-center\/detailmessage\/\d+$/);
  await expect(page.getByTestId('message-title')).toContainText(account);
  await expect(page.getByTestId('message-content').locator('b').first()).toHaveText(account);
  await expect(page.getByTestId('message-detail')).toHaveAttribute('data-status', '2');
  await expect(bell).toHaveAttribute('data-count', '0');

  // the centre: listed with its kind, read; marking it unread brings the badge back, mark all read clears it
  await page.goto('/user-center/message');
  const link = page.getByTestId('message-link').first();
  await expect(link).toContainText(account, { timeout: 20_000 }); // a cold page chunk on a shared machine
  await expect(page.getByTestId('message-kind').first()).toHaveText('Binding');
  await page.getByTestId('mark-unread').first().click();
  await expect(bell).toHaveAttribute('data-count', '1');
  await page.getByTestId('message-filter').getByText('Unread').click();
  await expect(page.getByTestId('message-link')).toHaveCount(1);
  await page.getByTestId('mark-all-read').click();
  await expect(bell).toHaveAttribute('data-count', '0');
  await expect(page.getByTestId('message-link')).toHaveCount(0);

  // job notices are opt-in: off until switched on, and the choice stays
  const jobFinished = page.getByTestId('pref-job_finished-in_app');
  await expect(jobFinished).toHaveAttribute('aria-checked', 'false');
  await jobFinished.click();
  await expect(jobFinished).toHaveAttribute('aria-checked', 'true');
  await page.reload();
  await expect(page.getByTestId('pref-job_finished-in_app')).toHaveAttribute('aria-checked', 'true', { timeout: 20_000 });

  // live: a quota change made elsewhere reaches this open page's bell without a reload (server-sent events)
  await expect(bell).toHaveAttribute('data-count', '0');
  const quota = await page.request.post('/api/kcluster/cluster_quota', {
    headers: { 'Bihu-Token': await adminToken(page.request) },
    data: { cluster_name: 'local', user_name: userName, cpu_seconds_limit: 36_000 },
  });
  expect(((await quota.json()) as { code: number }).code).toBe(200);
  await expect(bell).toHaveAttribute('data-count', '1', { timeout: 5_000 }); // far below the 60 s poll
});

test.afterAll(async ({ request }) => {
  await request.post('/api/user/unbind', { headers: { 'Bihu-Token': await adminToken(request) }, data: { user_name: userName } });
});
