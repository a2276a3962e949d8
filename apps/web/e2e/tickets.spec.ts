import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminPassword, demoPassword } from './env';
import { signIn } from './helpers';

// Issue 11, tickets, as new users would: demo-bound's job fails; they open a ticket from /ticket/create
// with the job's error file (picked from their storage) and a file from their computer; the admin (who
// holds manage_ticket) answers from the queue; the user's bell shows the reply without a reload, the
// detail page shows it, and the user closes the ticket.

async function tokenOf(request: APIRequestContext, name: string, password: string) {
  const login = await request.post('/api/keystone/short_term_token/name', { data: { name, password } });
  return ((await login.json()) as { spec: { token: string } }).spec.token;
}

test('a user opens a ticket with an attachment about a failed job; staff reply; the user sees the reply and closes it', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const headers = { 'Bihu-Token': await tokenOf(request, 'demo-bound', demoPassword) };
  let stderrPath = '';
  let jobId = '';

  await test.step("demo-bound's job fails", async () => {
    const submitted = await request.post('/api/job/jobs', {
      headers,
      data: { name: 'e2e-fails', partition: 'local', script: '#!/bin/bash\necho "Segmentation fault (core dumped)" >&2\nexit 3' },
    });
    const result = (await submitted.json()) as { code: number; spec: { cluster: string; job_id: string } };
    expect(result.code).toBe(200);
    jobId = result.spec.job_id;
    await expect
      .poll(
        async () => {
          const job = (await (await request.get(`/api/job/job/${result.spec.cluster}/${jobId}`, { headers })).json()) as { spec: { state: string; stderr_path: string } };
          stderrPath = job.spec.stderr_path;
          return job.spec.state;
        },
        { timeout: 60_000, intervals: [1000] },
      )
      .toBe('FAILED');
  });

  let ticketUrl = '';
  await test.step('opens a ticket from /ticket/create with the error file and a file from the computer', async () => {
    await signIn(page, 'demo-bound', demoPassword);
    await page.goto('/ticket/create');
    await page.getByTestId('ticket-cluster').fill('local');
    await page.getByTestId('ticket-job').fill(jobId);
    await page.getByTestId('ticket-title').fill(`Job ${jobId} failed`);
    await page.getByTestId('ticket-body-content').click();
    await page.keyboard.type('My job fails with a ');
    await page.getByTestId('editor-bold').click();
    await page.keyboard.type('segfault');
    await page.locator('[data-testid="ticket-form"] input[type=file]').setInputFiles({ name: 'input.txt', mimeType: 'text/plain', buffer: Buffer.from('n=42\n') });
    await page.getByTestId('ticket-storage-paths').fill(stderrPath);
    await page.getByTestId('ticket-submit').click();
    await expect(page).toHaveURL(/\/ticket\/detail\/\d+$/);
    ticketUrl = new URL(page.url()).pathname;
    await expect(page.getByTestId('ticket-detail').getByTestId('ticket-state')).toHaveText('Open');
    await expect(page.getByTestId('ticket-body-html').locator('strong')).toHaveText('segfault');
    await expect(page.getByTestId('ticket-attachment')).toHaveCount(2);
    await expect(page.getByTestId('ticket-attachments')).toContainText(stderrPath.split('/').pop()!);
  });

  const unreadBefore = Number(await page.getByTestId('message-bell').getAttribute('data-count'));
  await test.step('the admin finds it in the queue, reads the error file and replies', async () => {
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await signIn(staff, 'admin', adminPassword);
    await staff.goto('/ticket/manage');
    await expect(staff.getByTestId('ticket-manage-page')).toContainText('Ticket queue');
    await staff.getByTestId('ticket-row-title').filter({ hasText: `Job ${jobId} failed` }).click();
    await expect(staff).toHaveURL(new RegExp(`${ticketUrl}$`));
    const download = staff.waitForEvent('download');
    await staff.getByTestId('ticket-attachment').filter({ hasText: '.err' }).click();
    const file = await (await download).path();
    expect((await import('node:fs')).readFileSync(file, 'utf8')).toContain('Segmentation fault');
    await staff.getByTestId('reply-body-content').click();
    await staff.keyboard.type('Your program ran out of stack: add ulimit -s unlimited to the script.');
    await staff.getByTestId('reply-send').click();
    await expect(staff.getByTestId('ticket-detail').getByTestId('ticket-state')).toHaveText('Waiting for the user');
    await staffContext.close();
  });

  await test.step("the user's bell shows the reply without a reload; the detail shows it; the user closes the ticket", async () => {
    const bell = page.getByTestId('message-bell');
    await expect(bell).toHaveAttribute('data-count', String(unreadBefore + 1), { timeout: 15_000 });
    await bell.getByRole('button').click();
    await page.getByTestId('bell-item').filter({ hasText: 'New reply on your ticket' }).first().click();
    await page.goto(ticketUrl);
    await expect(page.getByTestId('ticket-reply')).toContainText('ulimit -s unlimited');
    await page.getByTestId('ticket-close').click();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByTestId('ticket-detail').getByTestId('ticket-state')).toHaveText('Closed');
    await expect(page.getByTestId('ticket-reopen')).toBeVisible();
    await expect(page.getByTestId('ticket-reply-card')).toHaveCount(0);
  });
});
