import { expect, test, type Page } from '@playwright/test';
import { demoPassword } from './env';
import { signIn } from './helpers';
import { serveCatalogueIfMissing } from './fixtures/catalogue-apps';

// The designer as a new user meets it: two catalogue apps become a two-step workflow with a scatter,
// every link type-checked, the CWL text follows live, and the draft survives a reload; a second
// design is refused while one is open (spec §2).

/** Picks an option of a Select; `keepOpen` leaves the dropdown (a confirm dialog may be on top of it). */
async function pickOption(page: Page, testId: string, option: string, keepOpen = false) {
  await page.getByTestId(testId).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
  if (!keepOpen) await page.keyboard.press('Escape');
}

async function confirmScatter(page: Page) {
  const ask = page.locator('.ant-modal-confirm-title', { hasText: 'Scatter over this input?' });
  await expect(ask).toBeVisible();
  await page.locator('.ant-modal-confirm-btns').getByRole('button', { name: 'OK' }).click();
  await expect(ask).toBeHidden();
  await page.keyboard.press('Escape');
}

async function selectNode(page: Page, step: string) {
  await page.getByTestId(`designer-node-step-${step}`).click();
  await expect(page.getByTestId('designer-step-panel')).toContainText(step);
}

test('a two-step workflow with a scatter from two catalogue apps; the CWL is live and the draft survives a reload', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'demo-bound', demoPassword);
  await serveCatalogueIfMissing(page);
  await page.goto('/app/design');
  const text = page.getByTestId('designer-cwl-panel').locator('textarea');
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

  await test.step('a File[] into a File input asks for a scatter; a File into an int is refused', async () => {
    await selectNode(page, 'sort_lines');
    await pickOption(page, 'designer-source-file', 'files', true);
    await confirmScatter(page);
    await expect(text).toHaveValue(/scatter: file/);
    await expect(text).toHaveValue(/ScatterFeatureRequirement/);
    // the reverse flag is a boolean: nothing File-typed may feed it
    await pickOption(page, 'designer-source-reverse', 'files');
    await expect(page.getByText('A File[] output cannot feed a boolean input')).toBeVisible();
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

  const designed = await text.inputValue();
  await test.step('an edit in the text reaches the graph, and the draft survives a reload', async () => {
    await text.fill(designed.replace('label: New workflow', 'label: Sorted counts  # named by hand'));
    await page.reload();
    await expect(page.getByTestId('designer-cwl-panel').locator('textarea')).toHaveValue(/# named by hand/, { timeout: 30_000 });
    await expect(page.getByTestId('designer-node-step-word_count')).toBeVisible();
    await selectNode(page, 'sort_lines');
    await pickOption(page, 'designer-scatter', 'reverse');
    await expect(page.getByTestId('designer-cwl-panel').locator('textarea')).toHaveValue(/# named by hand/);
    await expect(page.getByTestId('designer-cwl-panel').locator('textarea')).toHaveValue(/scatter:\n\s+- file\n\s+- reverse|scatter: \[ ?file, reverse ?\]/);
  });

  await test.step('opening another app while this one is in design is refused', async () => {
    await page.goto('/app/design/word-count');
    await expect(page.getByTestId('designer-conflict')).toContainText('An application is already being edited; finish editing it first');
  });
});
