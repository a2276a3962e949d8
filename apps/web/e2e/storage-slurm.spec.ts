import { execFile } from 'node:child_process';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { adminPassword } from './env';
import { openFromSidebar } from './helpers';
import { adminToken, clusterName, missingSlurmEnv, offerSshStorage, registerSlurmCluster, signInBound } from './slurm-env';
import { bigName, bigSize, makeJourneyFiles, notesText, removeJourneyFiles, storageJourney, type JourneyFiles } from './storage-journey';

/*
 * The storage issue's journey on the ssh driver: the Slurm cluster's storage `home` (/home/{account} on
 * the login node, reached over SFTP as the bound account), picked in the file manager by demo-user
 * bound to sl_alice_lab, against the second e2e server (`start-server.mjs --slurm`). The files must
 * land in /home/sl_alice_lab owned by that account. Runs in the `slurm` project (SLURMRESTD_URL set).
 */
const alice = { user: 'demo-user', account: 'sl_alice_lab' };
const home = `/home/${alice.account}`;
// unique per run: the login node's home outlives the e2e server
const folder = `e2e-storage-${Date.now().toString(36)}`;
const run = promisify(execFile);
let files: JourneyFiles | undefined;

test.skip(missingSlurmEnv.length > 0, `missing ${missingSlurmEnv.join(', ')}`);
// the look at /home/sl_alice_lab needs to read another account's home; CI runs as root
test.skip(process.getuid?.() !== 0 && process.env.CI !== 'true', 'not root (reads /home/sl_alice_lab)');

test.beforeAll(async ({ request }) => {
  const token = await adminToken(request, adminPassword);
  await registerSlurmCluster(request, token);
  await offerSshStorage(request, token);
  files = makeJourneyFiles();
});
test.afterAll(async () => {
  removeJourneyFiles(files);
  await rm(path.join(home, folder), { recursive: true, force: true });
});

async function chooseSshStorage(page: Page) {
  await page.getByTestId('storage-picker').click();
  await page.locator('.ant-select-item-option').filter({ hasText: `home (${clusterName})` }).click();
  await expect(page.getByTestId('storage-picker')).toContainText(`home (${clusterName})`);
}

const uidOf = async (account: string) => Number((await run('id', ['-u', account])).stdout.trim());

test("the journey on the Slurm cluster's ssh storage, as the bound account", async ({ page }) => {
  test.setTimeout(110_000);
  const uid = await uidOf(alice.account);

  await test.step('sign in bound to sl_alice_lab and open the file manager', async () => {
    await signInBound(page, alice);
    await openFromSidebar(page, '/storage/files');
    await expect(page.getByTestId('file-manager')).toBeVisible();
  });

  await storageJourney(page, {
    files: files!,
    folder,
    chooseStorage: chooseSshStorage,
    async afterUpload() {
      const dir = path.join(home, folder);
      const big = await stat(path.join(dir, bigName));
      expect(big.size).toBe(bigSize);
      for (const name of [bigName, 'notes.txt', 'pixels.png']) expect((await stat(path.join(dir, name))).uid, name).toBe(uid);
      expect((await stat(dir)).uid).toBe(uid);
      expect(await readdir(dir)).toEqual(expect.arrayContaining([bigName, 'notes.txt', 'pixels.png']));
      // no part file left behind by the interrupted upload
      expect((await readdir(dir)).filter((n) => n.startsWith('.starlight-part-'))).toEqual([]);
      expect((await stat(path.join(dir, 'notes.txt'))).size).toBe(Buffer.byteLength(notesText));
    },
    async afterDelete() {
      await expect(stat(path.join(home, folder, bigName))).rejects.toThrow();
      expect((await stat(path.join(home, folder, 'notes.txt'))).uid).toBe(uid);
    },
  });
});
