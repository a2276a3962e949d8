import { expect, test } from '@playwright/test';
import { demoPassword } from './env';
import { openFromSidebar, signIn } from './helpers';
import { makeJourneyFiles, removeJourneyFiles, storageJourney, type JourneyFiles } from './storage-journey';

// The storage issue's journey on the embedded default, as a bound user would do it in the file manager
// (the steps are in storage-journey.ts; storage-slurm.spec.ts runs them on a Slurm cluster's ssh storage).
let files: JourneyFiles | undefined;
test.beforeAll(() => {
  files = makeJourneyFiles();
});
test.afterAll(() => removeJourneyFiles(files));

test('a bound user manages files: folder, 200 MB upload resumed after a reload, previews, download, delete', async ({ page }) => {
  test.setTimeout(110_000);

  await test.step('sign in and open the file manager from the sidebar', async () => {
    await signIn(page, 'demo-bound', demoPassword);
    await openFromSidebar(page, '/storage/files');
    await expect(page.getByTestId('file-manager')).toBeVisible();
  });

  await storageJourney(page, { files: files!, folder: 'e2e-journey' });
});
