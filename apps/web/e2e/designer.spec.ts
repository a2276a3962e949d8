import { expect, test } from '@playwright/test';
import { demoPassword } from './env';
import { signIn, tokenKey } from './helpers';
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

const countTool = `cwlVersion: v1.2
class: CommandLineTool
baseCommand: [wc, -w]
inputs:
  file: {type: File, inputBinding: {position: 1}}
stdout: counts.txt
outputs:
  counts: {type: stdout}
`;
const countWorkflow = `cwlVersion: v1.2
class: Workflow
label: Imported count
requirements:
  ScatterFeatureRequirement: {}
inputs:
  files: File[]
outputs:
  counts: {type: 'File[]', outputSource: count/counts}
steps:
  count:
    run: count.cwl
    scatter: file
    in: {file: files}
    out: [counts]
`;

test('imports a workflow with its tool from .cwl files and keeps both files and the main file name through every save', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'demo-bound', demoPassword);
  await page.goto('/app/design');
  const name = `imported-${Date.now().toString(36)}`;

  await test.step('choose the tool and the workflow: the one no file runs is the main file, its step shows the tool ports', async () => {
    await page.getByTestId('designer-import-input').setInputFiles([
      { name: 'count.cwl', mimeType: 'text/plain', buffer: Buffer.from(countTool) },
      { name: 'wf.cwl', mimeType: 'text/plain', buffer: Buffer.from(countWorkflow) },
    ]);
    await expect(page.getByTestId('designer-main-file')).toHaveText('wf.cwl +1');
    await expect(cwlText(page)).toHaveValue(countWorkflow);
    await expect(page.getByTestId('designer-node-step-count')).toBeVisible();
  });

  const saved = async () => {
    const token = await page.evaluate((key) => localStorage.getItem(key) ?? '', tokenKey);
    return (await (await page.request.get(`/api/app/apps/${name}`, { headers: { 'Bihu-Token': token } })).json()).spec as { version: { version: number; main_file: string; files: Record<string, string>; cwl: string } };
  };

  await test.step('save it as a new app: the server keeps wf.cwl and count.cwl (cwltool validates them together)', async () => {
    await page.getByTestId('designer-save').click();
    await page.getByTestId('designer-save-name').fill(name);
    await page.locator('.ant-modal:visible').getByRole('button', { name: 'OK' }).click();
    await expect(page.getByTestId('designer-app-name')).toHaveText(name, { timeout: 30_000 });
    const app = await saved();
    expect(app.version).toMatchObject({ version: 1, main_file: 'wf.cwl', files: { 'count.cwl': countTool }, cwl: countWorkflow });
  });

  await test.step('an edit and a second save: a new version, same main file name, the tool still beside it; kept through a reload', async () => {
    await page.reload();
    await expect(page.getByTestId('designer-main-file')).toHaveText('wf.cwl +1', { timeout: 30_000 });
    await cwlText(page).fill(countWorkflow.replace('label: Imported count', 'label: Imported count, edited'));
    await page.getByTestId('designer-save').click();
    await expect.poll(async () => (await saved()).version.version, { timeout: 30_000 }).toBe(2);
    const app = await saved();
    expect(app.version).toMatchObject({ main_file: 'wf.cwl', files: { 'count.cwl': countTool } });
    expect(app.version.cwl).toContain('Imported count, edited');
  });
});
