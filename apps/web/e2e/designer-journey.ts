import { expect, test, type Page } from '@playwright/test';

// The designer steps both designer specs share: two catalogue apps (sort-lines, word-count) become a two-step
// workflow whose File[] input is scattered over both steps and whose output is the counts.

/** Picks an option of a Select; `keepOpen` leaves the dropdown (a confirm dialog may be on top of it). */
export async function pickOption(page: Page, testId: string, option: string, keepOpen = false) {
  await page.getByTestId(testId).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
  if (!keepOpen) await page.keyboard.press('Escape');
}

async function confirmScatter(page: Page) {
  const ask = page.locator('.ant-modal-confirm-title', { hasText: 'Scatter over this input?' });
  await expect(ask).toBeVisible();
  // on a loaded machine a click during the dialog's opening animation can go unanswered: click until it closes
  // (the confirm's own guard runs onOk once; the CWL checks after this show the scatter was applied once)
  await expect(async () => {
    if (await ask.isVisible()) await page.locator('.ant-modal-confirm-btns').getByRole('button', { name: 'OK' }).click({ timeout: 2_000 });
    await expect(ask).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.keyboard.press('Escape');
}

export async function selectNode(page: Page, step: string) {
  await page.getByTestId(`designer-node-step-${step}`).click();
  await expect(page.getByTestId('designer-step-panel')).toContainText(step);
}

export const cwlText = (page: Page) => page.getByTestId('designer-cwl-panel').locator('textarea');

/** From /app/design: sort_lines then word_count, both scattered over the workflow input `files`. */
export async function buildScatterWorkflow(page: Page) {
  const text = cwlText(page);
  await expect(text).toHaveValue(/class: Workflow/, { timeout: 30_000 });

  await test.step('two apps from the catalogue become steps', async () => {
    await page.getByTestId('designer-add-sort-lines').click();
    await page.getByTestId('designer-add-word-count').click();
    await expect(page.getByTestId('designer-node-step-sort_lines')).toBeVisible();
    await expect(page.getByTestId('designer-node-step-word_count')).toBeVisible();
    await expect(text).toHaveValue(/run: sort-lines\.cwl/);
  });

  await test.step('workflow input files: File[] and output counts: File[]', async () => {
    await page.getByTestId('designer-io-id').fill('files');
    await pickOption(page, 'designer-io-type', 'File[]');
    await page.getByTestId('designer-io-add').click();
    await expect(page.getByTestId('designer-inputs-files')).toBeVisible();
    await page.getByTestId('designer-io-panel').locator('.ant-select').first().click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Output"]').click();
    await page.getByTestId('designer-io-id').fill('counts');
    await page.getByTestId('designer-io-add').click();
    await expect(page.getByTestId('designer-outputs-counts')).toBeVisible();
  });

  await test.step('a File[] into a File input asks for a scatter', async () => {
    await selectNode(page, 'sort_lines');
    await pickOption(page, 'designer-source-file', 'files', true);
    await confirmScatter(page);
    await expect(text).toHaveValue(/scatter: file/);
    await expect(text).toHaveValue(/ScatterFeatureRequirement/);
  });

  await test.step('the second step takes the first one’s outputs (scattered too) and feeds the workflow output', async () => {
    await selectNode(page, 'word_count');
    await pickOption(page, 'designer-source-file', 'sort_lines/sorted', true);
    await confirmScatter(page);
    await expect(text).toHaveValue(/file: sort_lines\/sorted/);
    await page.getByTestId('designer-outputs-counts').locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="word_count/counts"]').click();
    await page.keyboard.press('Escape');
    await expect(text).toHaveValue(/outputSource: word_count\/counts/);
  });
}
