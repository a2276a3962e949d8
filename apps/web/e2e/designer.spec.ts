import { expect, test } from '@playwright/test';
import { demoPassword } from './env';
import { signIn } from './helpers';
import { buildScatterWorkflow, cwlText, pickOption, selectNode } from './designer-journey';

// The designer as a new user meets it: two catalogue apps become a two-step workflow with a scatter,
// every link type-checked, the CWL text follows live, and the draft survives a reload; a second
// design is refused while one is open (spec §2).

test('a two-step workflow with a scatter from two catalogue apps; the CWL is live and the draft survives a reload', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'demo-bound', demoPassword);
  await page.goto('/app/design');
  const text = cwlText(page);

  await buildScatterWorkflow(page);

  await test.step('a File output cannot feed a boolean input', async () => {
    await selectNode(page, 'sort_lines');
    await pickOption(page, 'designer-source-reverse', 'files');
    await expect(page.getByText('A File[] output cannot feed a boolean input')).toBeVisible();
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
