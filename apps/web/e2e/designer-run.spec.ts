import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { demoPassword } from './env';
import { openFromSidebar, signIn } from './helpers';
import { fileRow } from './storage-journey';
import { buildScatterWorkflow } from './designer-journey';

// Issue 10 "Done when", second half, on the embedded default: in the designer a new user builds a two-step workflow
// from two catalogue apps with a scatter, saves it, runs it on two uploaded files, and sees each step's state turn
// done on the run page's graph, with each step's own log.
let work: string | undefined;
test.afterAll(() => work && rmSync(work, { recursive: true, force: true }));

test('a workflow designed from two catalogue apps with a scatter is saved, run, and each step turns done', async ({ page }) => {
  test.setTimeout(240_000);
  work = mkdtempSync(path.join(os.tmpdir(), 'starlight-e2e-designer-run-'));
  writeFileSync(path.join(work, 'fruit.txt'), 'pear\napple\nfig tree\n');
  writeFileSync(path.join(work, 'numbers.txt'), 'one two three\n');
  const stamp = Date.now();
  const folder = `designer-run-${stamp}`;
  const appName = `sorted-counts-${stamp}`;

  await test.step('upload two files in the file manager', async () => {
    await signIn(page, 'demo-bound', demoPassword);
    await openFromSidebar(page, '/storage/files');
    await page.getByTestId('new-folder').click();
    await page.getByTestId('name-input').fill(folder);
    await page.getByTestId('name-input').press('Enter');
    await fileRow(page, folder).getByText(folder).click();
    await page.getByTestId('file-input').setInputFiles([path.join(work!, 'fruit.txt'), path.join(work!, 'numbers.txt')]);
    await expect(fileRow(page, 'numbers.txt')).toBeVisible();
    await expect(fileRow(page, 'fruit.txt')).toBeVisible();
  });

  await page.goto('/app/design');
  await buildScatterWorkflow(page);

  await test.step('save it as a new app (validated by cwltool on the server)', async () => {
    await page.getByTestId('designer-save').click();
    await page.getByTestId('designer-save-name').fill(appName);
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText(`${appName} saved as version 1`)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('designer-app-name')).toHaveText(appName);
  });

  await test.step('launch it on both files', async () => {
    await page.getByTestId('designer-launch').click();
    await expect(page).toHaveURL(new RegExp(`/app/spec/${appName}$`));
    await page.getByTestId('input-files').fill(`${folder}/fruit.txt\n${folder}/numbers.txt`);
    await expect(page.getByTestId('launch-partition')).toContainText('local');
    await page.getByTestId('launch-submit').click();
    await expect(page).toHaveURL(new RegExp(`/swl/run/${appName}/`));
  });

  await test.step('the run page draws the graph, and each step turns done', async () => {
    const graph = page.getByTestId('workflow-graph');
    await expect(graph.getByTestId('designer-node-step-sort_lines')).toBeVisible();
    await expect(page.getByTestId('run-detail').getByTestId('run-state').first()).toHaveAttribute('data-state', 'done', { timeout: 180_000 });
    for (const step of ['sort_lines', 'word_count']) {
      await expect(graph.getByTestId(`designer-node-step-${step}`)).toHaveAttribute('data-state', 'done');
      await expect(page.getByTestId(`run-step-${step}`).getByTestId('run-state')).toHaveAttribute('data-state', 'done');
    }
  });

  await test.step('each step has its own log', async () => {
    await page.getByTestId('run-step-word_count').getByText('Step log (stdout and stderr)').click();
    await expect(page.getByTestId('run-step-word_count').getByTestId('run-step-log')).toContainText('$ wc');
    await expect(page.getByTestId('run-step-word_count').getByTestId('run-step-log')).not.toContainText('$ sort');
    await expect(page.getByTestId('run-outputs')).toContainText('counts[1]');
  });

  await test.step('the run page with its graph fits 390 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('workflow-graph')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('run-graph-390.png'), fullPage: true });
  });
});
