import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { demoPassword } from './env';
import { openFromSidebar, signIn } from './helpers';
import { fileRow } from './storage-journey';

// Issue 10 as a new user would do it on the embedded default: upload a text file in the file manager, open the
// catalogue, launch the demo word count on that file (picked with the file manager's picker), watch the run finish
// and open its output in the file manager.
let work: string | undefined;
test.afterAll(() => work && rmSync(work, { recursive: true, force: true }));

test('a bound user launches the demo word count on an uploaded file and opens its output', async ({ page }) => {
  test.setTimeout(180_000);
  work = mkdtempSync(path.join(os.tmpdir(), 'starlight-e2e-apps-'));
  const input = path.join(work, 'poem.txt');
  writeFileSync(input, 'the quick brown fox\njumps over the lazy dog\n');
  const folder = `apps-e2e-${Date.now()}`;

  await test.step('upload a file in the file manager', async () => {
    await signIn(page, 'demo-bound', demoPassword);
    await openFromSidebar(page, '/storage/files');
    await page.getByTestId('new-folder').click();
    await page.getByTestId('name-input').fill(folder);
    await page.getByTestId('name-input').press('Enter');
    await fileRow(page, folder).getByText(folder).click();
    await page.getByTestId('file-input').setInputFiles(input);
    await expect(fileRow(page, 'poem.txt')).toBeVisible();
  });

  await test.step('open the catalogue and the word count app', async () => {
    await openFromSidebar(page, '/app/list');
    await expect(page.getByTestId('app-card-word-count')).toBeVisible();
    await page.getByTestId('app-card-word-count').click();
    await page.getByRole('tab', { name: 'CWL' }).click();
    await expect(page.getByTestId('app-cwl')).toContainText('baseCommand: [wc, -l, -w, -c]', { timeout: 15_000 });
  });

  await test.step('export the app: the downloaded file is its CWL, byte for byte', async () => {
    const shown = await page.getByTestId('app-cwl').textContent();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('app-export').click()]);
    expect(download.suggestedFilename()).toBe('word-count.cwl');
    const saved = path.join(work!, 'exported.cwl');
    await download.saveAs(saved);
    const text = readFileSync(saved, 'utf8');
    expect(text).toMatch(/^cwlVersion: v1\.2\nclass: CommandLineTool\n/);
    expect(text).not.toContain('"code"');
    expect(text.trim()).toBe(shown?.trim());
  });

  await test.step('pick the file with the file manager picker and launch', async () => {
    await page.getByTestId('path-picker-open').click();
    await page.getByTestId(`path-picker-entry-${folder}`).click();
    await page.getByTestId('path-picker-entry-poem.txt').click();
    await expect(page.getByTestId('input-file')).toHaveValue(`${folder}/poem.txt`);
    await expect(page.getByTestId('launch-partition')).toContainText('local');
    await page.getByTestId('launch-submit').click();
    await expect(page).toHaveURL(/\/swl\/run\/word-count\//);
  });

  await test.step('watch the run finish', async () => {
    await expect(page.getByTestId('run-detail').getByTestId('run-state').first()).toHaveAttribute('data-state', 'done', { timeout: 120_000 });
    await expect(page.getByTestId('run-step-word-count.cwl').getByTestId('run-state')).toHaveAttribute('data-state', 'done');
  });

  await test.step('open the output in the file manager', async () => {
    await page.getByTestId('run-output-link').first().click();
    await expect(page.getByTestId('file-manager')).toBeVisible();
    await expect(fileRow(page, 'counts.txt')).toBeVisible();
  });

  let runUrl = '';
  await test.step('the run is in the runs list', async () => {
    await openFromSidebar(page, '/swl/jobs');
    await expect(page.getByTestId('run-list')).toContainText('Word count v1');
    await page.getByTestId('run-list').getByText('Word count v1').click();
    await expect(page.getByTestId('run-detail')).toBeVisible();
    runUrl = page.url();
  });

  await test.step('the catalogue, the app page and the run page fit 390 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [url, testId] of [
      ['/app/list', 'app-catalogue'],
      ['/app/spec/word-count', 'launch-form'],
      [runUrl, 'run-detail'],
      ['/swl/jobs', 'run-list'],
    ] as const) {
      await page.goto(url);
      await expect(page.getByTestId(testId)).toBeVisible({ timeout: 15_000 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, url).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`${testId}-390.png`), fullPage: true });
    }
  });
});
