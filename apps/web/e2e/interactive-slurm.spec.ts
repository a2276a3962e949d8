import { rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { adminPassword } from './env';
import { endSessions, interactiveJourney } from './interactive-journey';
import { adminToken, clusterName, missingSlurmEnv, offerSshStorage, registerSlurmCluster, signInBound } from './slurm-env';

/*
 * Issue 14 on the real Slurm (project `slurm`, the second e2e server): the journey of interactive-journey.ts
 * as demo-user bound to sl_alice_lab, the sessions being Slurm jobs on node01 (this host), the notebook
 * found in the cluster's ssh storage `home` (/home/sl_alice_lab over SFTP as the account). The `long`
 * partition: the extend step adds an hour, past `debug`'s MaxTime of 60 minutes.
 */
const alice = { user: 'demo-user', account: 'sl_alice_lab' };
const launched: string[] = [];
let notebook = '';

test.describe.configure({ mode: 'serial' });
test.skip(missingSlurmEnv.length > 0, `missing ${missingSlurmEnv.join(', ')}`);
// the cleanup removes the notebook from /home/sl_alice_lab; CI runs as root
test.skip(process.getuid?.() !== 0 && process.env.CI !== 'true', 'not root (cleans /home/sl_alice_lab)');

test.beforeAll(async ({ request }) => {
  const token = await adminToken(request, adminPassword);
  await registerSlurmCluster(request, token);
  await offerSshStorage(request, token);
});
test.afterAll(async ({ request }) => {
  if (launched.length > 0) await endSessions(request, alice.user, launched);
  // the login node's home outlives the e2e server
  const home = path.join('/home', alice.account);
  if (notebook) await rm(path.join(home, notebook), { force: true });
  for (const id of launched) await rm(path.join(home, '.starlight/sessions', id), { recursive: true, force: true });
});

async function chooseSshStorage(page: Page) {
  await page.getByTestId('storage-picker').click();
  await page.locator('.ant-select-item-option').filter({ hasText: `home (${clusterName})` }).click();
  await expect(page.getByTestId('storage-picker')).toContainText(`home (${clusterName})`);
}

test('Jupyter and a desktop as Slurm jobs of the bound account, through the proxy, then ended', async ({ page, context }, testInfo) => {
  test.setTimeout(360_000);
  await signInBound(page, alice);
  notebook = await interactiveJourney(page, context, testInfo, {
    partition: `${clusterName}/long`,
    whoami: new RegExp(`^${alice.account}\\s*$`),
    chooseStorage: chooseSshStorage,
    launched,
  });
});
