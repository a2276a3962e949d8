import { expect, test, type Browser, type Page } from '@playwright/test';
import { adminPassword, demoPassword } from './env';
import { openFromSidebar, signIn, tokenKey } from './helpers';
import { adminToken, bindThroughThePage, clusterName, signInBound, missingSlurmEnv, proofFile, registerSlurmCluster, sbatchAs, scancel, sftpRemove, submitOnSlurm } from './slurm-env';

/*
 * Issue 4's journey on the real Slurm 22.05 (slurmrestd, slurmdbd) and the login node's sshd, against the
 * second e2e server (`start-server.mjs --slurm`, its own database). Runs only with SLURMRESTD_URL set
 * (playwright.config.ts); in CI the services are up and it must pass.
 */
const alice = { user: 'demo-user', account: 'sl_alice_lab' };
const bob = { user: 'demo-auditor', account: 'sl_bob_lab' };
// unique per run: Slurm and the console keep the jobs of earlier runs of these same accounts
const run = Date.now().toString(36);
const jobName = `e2e-whoami-${run}`;
const outsideName = `e2e-outside-${run}`;
let bobJob = '';
let webShell = false;

test.describe.configure({ mode: 'serial' });
test.skip(missingSlurmEnv.length > 0, `missing ${missingSlurmEnv.join(', ')}`);
// runuser (sbatch as sl_bob_lab) needs root; CI runs as root, so there it fails loudly instead
test.skip(process.getuid?.() !== 0 && process.env.CI !== 'true', 'not root (runuser)');

test.beforeAll(async ({ request }) => {
  webShell = (await registerSlurmCluster(request, await adminToken(request, adminPassword))).webShell;
});
test.afterAll(async () => {
  if (bobJob) await scancel(bobJob);
  await Promise.all([sftpRemove(alice.account, proofFile), sftpRemove(bob.account, proofFile)]);
});

async function freshPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

const apiAs = (page: Page, method: string, path: string) =>
  page.evaluate(
    async ({ method, path, key }) => {
      const res = await fetch(`/api${path}`, { method, headers: { 'Bihu-Token': localStorage.getItem(key) ?? '' } });
      return ((await res.json()) as { code: number }).code;
    },
    { method, path, key: tokenKey },
  );

test('binds on the real cluster, runs a Slurm job as the bound account and reads its output', async ({ page, browser }) => {
  test.setTimeout(110_000);

  await test.step('alice and bob bind their accounts through /bind with the SFTP proof', async () => {
    // interactive-slurm.spec.ts (same server, runs first) may have bound alice already; bob is bound only here
    await signInBound(page, alice);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await expect(page).toHaveURL(/\/login/);
    const bobPage = await freshPage(browser);
    await bindThroughThePage(bobPage, bob);
    await bobPage.context().close();
  });

  await test.step('bob submits a job with sbatch on the cluster, outside the console', async () => {
    bobJob = await sbatchAs(bob.account, outsideName, 'sleep 90');
  });

  await test.step('alice submits a job to the debug partition in the browser', async () => {
    await signIn(page, alice.user, demoPassword);
    await submitOnSlurm(page, jobName, '#!/bin/bash\nsleep 12\necho "ran-as=$(id -un)"\n');
    await expect(page.getByTestId('submit-job-drawer')).toBeHidden();
  });

  const row = page.getByTestId('job-row').filter({ hasText: jobName });
  await test.step('watches it go RUNNING, then COMPLETED, without reloading', async () => {
    // the list refreshes every 5 s while a job is active; the job runs 12 s so RUNNING is seen
    await expect(row).toHaveAttribute('data-state', 'RUNNING', { timeout: 40_000 });
    await expect(row).toHaveAttribute('data-state', 'COMPLETED', { timeout: 40_000 });
  });

  await test.step('opens the detail and reads the output, written by the bound account', async () => {
    await row.getByTestId('job-link').click();
    await expect(page).toHaveURL(new RegExp(`/job/info/${clusterName}/\\d+$`));
    await expect(page.getByTestId('job-detail')).toHaveAttribute('data-state', 'COMPLETED');
    await expect(page.getByTestId('job-stdout')).toContainText(`ran-as=${alice.account}`);
    await expect(page.getByTestId('job-exit-code')).toHaveText('0');
  });

  await test.step("bob's sbatch job is not in alice's list, and alice can neither read nor cancel it (1404: as if it did not exist)", async () => {
    await openFromSidebar(page, '/job/myjobs');
    await expect(row).toBeVisible();
    await expect(page.getByTestId('job-row').filter({ hasText: outsideName })).toHaveCount(0);
    expect(await apiAs(page, 'GET', `/job/job/${clusterName}/${bobJob}`)).toBe(1404); // as if there were no such job
    expect(await apiAs(page, 'DELETE', `/job/job/${clusterName}/${bobJob}`)).toBe(1404);
  });

  await test.step('alice runs `id -un` in the web shell of the partition and sees her account', async () => {
    if (!webShell) {
      if (process.env.CI === 'true') throw new Error('no web shell key: scripts/services/sshd-up.sh creates it');
      test.info().annotations.push({ type: 'skipped step', description: 'no web shell key (scripts/services/sshd-up.sh creates it)' });
      return;
    }
    await page.goto(`/cluster-partition/webssh/${clusterName}/debug`);
    await expect(page.getByTestId('webssh-status')).toHaveAttribute('data-state', 'open', { timeout: 15_000 });
    await expect(page.getByTestId('webssh-status')).toContainText(alice.account);
    await page.getByTestId('webssh-terminal').click();
    await page.keyboard.type('echo "shell-as=$(id -un)"\n');
    await expect(page.locator('.xterm-rows')).toContainText(`shell-as=${alice.account}`);
    await page.keyboard.type('exit\n');
    await expect(page.getByTestId('webssh-closed')).toBeVisible();
  });

  await test.step("bob sees his sbatch job in his own /job/myjobs", async () => {
    const bobPage = await freshPage(browser);
    await signIn(bobPage, bob.user, demoPassword);
    await openFromSidebar(bobPage, '/job/myjobs');
    await expect(bobPage.getByTestId('job-row').filter({ hasText: outsideName })).toHaveAttribute('data-state', /PENDING|RUNNING/, { timeout: 20_000 });
    await expect(bobPage.getByTestId('job-row').filter({ hasText: jobName })).toHaveCount(0);
    await bobPage.context().close();
  });
});
