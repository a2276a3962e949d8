import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminPassword, demoPassword } from './env';
import { openFromSidebar, signIn } from './helpers';
import { adminToken, missingSlurmEnv, registerSlurmCluster, scancel, signInBound, submitOnSlurm } from './slurm-env';

/*
 * Issue 12's "done when" on the real Slurm 22.05 with slurmdbd (the `slurm` project, second e2e server): the
 * group administrator gives demo-user (bound to sl_alice_lab) a few core-seconds; demo-user's real Slurm job
 * uses more; slurmdbd's accounting is read; the console refuses the next submission naming the allocation, the
 * dashboard shows demo-user over the limit, and a direct `sbatch` as sl_alice_lab is refused by slurmctld itself
 * (the limit written into the association). Before that, what is left is written as GrpTRESRunMins. Raising
 * the limit lets both through again.
 * Named to sort after slurm.spec.ts, which binds demo-user through /bind itself (this one binds only if needed).
 */
const member = { user: 'demo-user', account: 'sl_alice_lab' };
const run = promisify(execFile);
const stamp = Date.now().toString(36);
let outsideJob = '';

test.describe.configure({ mode: 'serial' });
test.skip(missingSlurmEnv.length > 0, `missing ${missingSlurmEnv.join(', ')}`);
// runuser (sbatch as sl_alice_lab) and sacctmgr need root; CI runs as root, so there it fails loudly instead
test.skip(process.getuid?.() !== 0 && process.env.CI !== 'true', 'not root (runuser, sacctmgr)');

/** `sbatch` as the account on the cluster, outside the console: 'accepted' (job cancelled at once) or Slurm's refusal. */
async function sbatchOutside(): Promise<string> {
  try {
    const { stdout } = await run('runuser', ['-u', member.account, '--', 'sbatch', '--parsable', '-A', 'research', '-p', 'debug', '-t', '1', '-J', `e2e-fee-outside-${stamp}`, '-D', `/home/${member.account}`, '-o', '/dev/null', '--wrap', 'sleep 30']);
    outsideJob = stdout.trim().split(';')[0]!;
    await scancel(outsideJob);
    return 'accepted';
  } catch (error) {
    return String((error as { stderr?: string }).stderr ?? error);
  }
}

async function gadminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/keystone/short_term_token/name', { data: { name: 'demo-gadmin', password: demoPassword } });
  return ((await login.json()) as { spec: { token: string } }).spec.token;
}

test.beforeAll(async ({ request }) => {
  await registerSlurmCluster(request, await adminToken(request, adminPassword));
});
// whatever happened: the member's limit removed in the console, and the association left without limits
test.afterAll(async ({ request }) => {
  const token = await gadminToken(request);
  const list = await request.get(`/api/fee/userlevel/cpuhours?field_lk_user_name=${member.user}`, { headers: { 'Bihu-Token': token } });
  const id = ((await list.json()) as { spec?: { list?: { user_id: number }[] } }).spec?.list?.[0]?.user_id;
  if (id) await request.post(`/api/fee/userlevel/cpuhours/${id}`, { headers: { 'Bihu-Token': token }, data: { cpu_seconds_limit: null } });
  await run('sacctmgr', ['-i', 'modify', 'user', 'where', `name=${member.account}`, 'account=research', 'set', 'GrpSubmitJobs=-1', 'GrpTRESMins=cpu=-1', 'GrpTRESRunMins=cpu=-1']).catch(() => undefined);
  if (outsideJob) await scancel(outsideJob);
});

async function setLimit(page: Page, hours: string) {
  await page.getByTestId(`set-limit-${member.user}`).click();
  await page.getByTestId('member-limit-input').fill(hours);
  await page.locator('.ant-modal').getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.ant-modal')).toBeHidden();
}

test('over the allocation the console and slurmctld both refuse the member; raising it lets both through', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const memberPage = await (await browser.newContext()).newPage();
  await signInBound(memberPage, member);

  await test.step('demo-gadmin gives demo-user 0.001 CPU-hours on the group board', async () => {
    await signIn(page, 'demo-gadmin', demoPassword);
    await openFromSidebar(page, '/user-center/grpmanboard');
    await setLimit(page, '0.001');
    // written into Slurm at once: what is left (3.6 core-seconds, a whole minute in Slurm's units) as
    // GrpTRESRunMins, so slurmctld starts nothing that reserves more before the next accounting read
    const limits = async () => (await run('sacctmgr', ['-n', '-P', 'show', 'assoc', 'where', `user=${member.account}`, 'format=grptresrunmins,grpsubmit'])).stdout.split('\n').filter(Boolean);
    await expect.poll(limits, { timeout: 10_000 }).toEqual(expect.arrayContaining(['cpu=1|']));
    for (const line of await limits()) expect(line).toBe('cpu=1|');
  });

  await test.step('demo-user runs a real Slurm job that uses more, and slurmdbd’s accounting is read', async () => {
    // one core for one minute fits what is left; a job asking for the partition's hour would be held by Slurm
    await submitOnSlurm(memberPage, `e2e-fee-1-${stamp}`, '#!/bin/bash\nsleep 8\n', 1);
    await expect(memberPage.getByTestId('submit-job-drawer')).toBeHidden();
    await expect(memberPage.getByTestId('job-row').filter({ hasText: `e2e-fee-1-${stamp}` })).toHaveAttribute('data-state', 'COMPLETED', { timeout: 60_000 });
    // the leader reads the accounting every few minutes; an administrator may ask for it now (slurmdbd may
    // record the end a moment after the job ended, so until it is charged)
    const admin = await adminToken(request, adminPassword);
    await expect
      .poll(async () => {
        expect((await request.post('/api/fee/sync', { headers: { 'Bihu-Token': admin } })).ok()).toBe(true);
        const status = (await (await request.get('/api/fee/status', { headers: { 'Bihu-Token': await memberToken(request) } })).json()) as { spec: { over_limit: boolean } };
        return status.spec.over_limit;
      }, { timeout: 45_000, intervals: [2000] })
      .toBe(true);
  });

  await test.step('the console refuses the next submission with the allocation named', async () => {
    await submitOnSlurm(memberPage, `e2e-fee-2-${stamp}`, '#!/bin/bash\ntrue\n');
    await expect(memberPage.locator('.ant-notification')).toContainText(/allocation #\d+ of user demo-user/, { timeout: 20_000 });
  });

  await test.step('the dashboard shows demo-user over the limit', async () => {
    await memberPage.goto('/dashboard');
    await expect(memberPage.getByTestId('fee-flag')).toHaveText('Over the limit', { timeout: 30_000 });
  });

  await test.step('slurmctld refuses a direct sbatch as sl_alice_lab', async () => {
    await expect.poll(sbatchOutside, { timeout: 30_000, intervals: [2000] }).toMatch(/Job violates accounting\/QOS policy/);
  });

  await test.step('demo-gadmin raises the limit: sbatch and the console both accept again', async () => {
    await page.reload();
    await setLimit(page, '1000');
    await expect.poll(sbatchOutside, { timeout: 30_000, intervals: [2000] }).toBe('accepted');
    await submitOnSlurm(memberPage, `e2e-fee-3-${stamp}`, '#!/bin/bash\ntrue\n');
    await expect(memberPage.getByTestId('submit-job-drawer')).toBeHidden();
    await memberPage.goto('/dashboard');
    await expect(memberPage.getByTestId('fee-flag')).toHaveText('Within the limit', { timeout: 30_000 });
  });
  await memberPage.context().close();
});

async function memberToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/keystone/short_term_token/name', { data: { name: member.user, password: demoPassword } });
  return ((await login.json()) as { spec: { token: string } }).spec.token;
}
