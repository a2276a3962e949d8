import { expect, test, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { demoPassword, e2eTwinsSessionPort } from './env';
import { openFromSidebar, signIn } from './helpers';
import { endSessions, launchSession, runInNewNotebook } from './interactive-journey';
import { makeJourneyFiles, pngOf2x2, removeJourneyFiles, storageJourney, type JourneyFiles } from './storage-journey';

/*
 * Two console instances on one PostgreSQL behind a round-robin proxy (start-two-instances.mjs): every
 * request may land on either, as behind a load balancer. A user binds (a websocket), uploads an avatar
 * and sees it from both, reads a message from the bell, submits a job to the embedded cluster and sees
 * it finish, and runs the file manager journey (a chunked upload resumed after a reload) through both.
 * Then (when Jupyter is installed: scripts/services/interactive-up.sh) opens a Jupyter session and uses it
 * through both instances' session origins, themselves behind a round-robin proxy (issue 24).
 */
const account = 'tw_demo_user';
let files: JourneyFiles | undefined;
test.beforeAll(() => {
  files = makeJourneyFiles();
});
const launched: string[] = [];
test.afterAll(async ({ request }) => {
  removeJourneyFiles(files);
  if (launched.length > 0) await endSessions(request, 'demo-user', launched);
});
const hasJupyter = existsSync('/usr/bin/jupyter-notebook');
if (!hasJupyter) console.warn('[two-instances] the Jupyter step is skipped: jupyter-notebook is not installed (scripts/services/interactive-up.sh)');

const backendOf = async (page: Page, url: string): Promise<{ status: number; backend: string | undefined }> => {
  const reply = await page.request.get(url);
  return { status: reply.status(), backend: reply.headers()['x-starlight-backend'] };
};

test('a user works through a proxy in front of two instances on one database', async ({ page, context }) => {
  test.setTimeout(hasJupyter ? 420_000 : 240_000);

  await test.step('both instances answer behind the proxy', async () => {
    const seen = new Set<string | undefined>();
    for (let i = 0; i < 4; i++) seen.add((await backendOf(page, '/api/health')).backend);
    expect(seen.size).toBe(2);
  });

  await test.step('demo-user binds an account over the websocket and signs in again', async () => {
    await signIn(page, 'demo-user', demoPassword);
    await page.goto('/bind');
    await page.getByTestId('bind-account').fill(account);
    await page.getByTestId('bind-submit').click();
    await expect(page.getByText('bound successfully, please log in again')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, 'demo-user', demoPassword);
  });

  await test.step('uploads an avatar; both instances serve it', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-profile').click();
    await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngOf2x2() });
    await page.getByTestId('avatar-save').click();
    const img = page.getByTestId('profile-avatar').locator('img');
    await expect(img).toHaveAttribute('src', /^\/api\/user\/avatar\/[0-9a-f-]{36}\.png$/);
    const src = (await img.getAttribute('src')) ?? '';
    const answers = [await backendOf(page, src), await backendOf(page, src)];
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(new Set(answers.map((a) => a.backend)).size).toBe(2);
    // and the browser shows it after reloads (whichever instance answers)
    for (let i = 0; i < 2; i++) {
      await page.reload();
      await expect(img).toHaveAttribute('src', src, { timeout: 30_000 });
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(2);
    }
  });

  await test.step('reads a message from the bell; the count drops on every instance', async () => {
    const bell = page.getByTestId('message-bell');
    await expect(bell).not.toHaveAttribute('data-count', '0');
    const before = Number(await bell.getAttribute('data-count'));
    await bell.click();
    await page.getByTestId('bell-item').first().click();
    await expect(page).toHaveURL(/\/user-center\/detailmessage\/\d+$/);
    await expect(page.getByTestId('message-detail')).toHaveAttribute('data-status', '2');
    await expect(bell).toHaveAttribute('data-count', String(before - 1));
    for (let i = 0; i < 2; i++) {
      await page.reload();
      await expect(bell).toHaveAttribute('data-count', String(before - 1));
    }
  });

  await test.step('submits a job to the embedded cluster and sees it finish', async () => {
    await openFromSidebar(page, '/job/myjobs');
    await page.getByTestId('submit-job-open').click();
    await expect(page.getByTestId('submit-partition')).toContainText('local');
    await page.getByTestId('submit-name').fill('e2e-twins');
    await page.getByTestId('submit-script').fill('#!/bin/bash\necho hello-from-twins; sleep 2');
    await page.getByTestId('submit-job').click();
    await expect(page.getByTestId('submit-job-drawer')).toBeHidden();
    const row = page.getByTestId('job-row').filter({ hasText: 'e2e-twins' });
    await expect(row).toHaveAttribute('data-state', /PENDING|RUNNING|COMPLETED/, { timeout: 10_000 });
    await expect(row).toHaveAttribute('data-state', 'COMPLETED', { timeout: 40_000 });
    await row.getByTestId('job-link').click();
    await expect(page.getByTestId('job-stdout')).toContainText('hello-from-twins');
  });

  await test.step('opens the file manager', async () => {
    await openFromSidebar(page, '/storage/files');
    await expect(page.getByTestId('file-manager')).toBeVisible();
  });
  await storageJourney(page, { files: files!, folder: 'e2e-twins' });

  if (!hasJupyter) return;
  await test.step('opens a Jupyter session through one instance and uses it through both', async () => {
    const jupyter = await launchSession(page, { partition: 'local/local', launched }, 'Jupyter Notebook');
    const id = (await jupyter.getAttribute('data-session-id')) ?? '';
    // which instance answered each request of the session origin's balancer
    const served: string[] = [];
    const refusals: Promise<string>[] = [];
    context.on('response', (response) => {
      const backend = response.headers()['x-starlight-backend'];
      if (new URL(response.url()).port !== String(e2eTwinsSessionPort) || !backend) return;
      served.push(`${response.status()} ${backend}`);
      // the session origin's own refusals are envelopes (Jupyter's own 404s, e.g. a missing custom.css, are not)
      if (response.status() >= 400) refusals.push(response.text().then((text) => (text.includes('"kind":"session"') ? `${response.status()} ${response.url()} ${text}` : ''), () => ''));
    });
    // the ticket is made by whichever instance the console's balancer picks, and redeemed by either
    const [tree] = await Promise.all([context.waitForEvent('page'), jupyter.getByTestId('session-connect').click()]);
    await expect(tree).toHaveURL(new RegExp(`^http://localhost:${e2eTwinsSessionPort}/session/${id}/proxy/tree(\\?token=\\w+)?$`));
    // the kernel's websocket and the notebook's pages go through both instances with the one cookie
    const notebook = await runInNewNotebook(tree, context, 'print(6 * 7)', /^42\s*$/);
    const backends = new Set(served.filter((line) => /^[23]\d\d /.test(line)).map((line) => line.split(' ')[1]));
    expect(backends.size, served.join(', ')).toBe(2);
    expect((await Promise.all(refusals)).filter(Boolean), 'no request of the session was refused').toEqual([]);
    await notebook.close();
    await tree.close();
    await endSessions(page.request, 'demo-user', [id]);
    launched.length = 0;
  });
});
