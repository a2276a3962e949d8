import { expect, test, type APIRequestContext, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { demoPassword } from './env';
import { tokenKey } from './helpers';

/*
 * Issue 14's journey, as a new user would: Jupyter and a remote desktop launched from /app/interactive, used
 * through the session origin's proxy, apart from the console's origin (whoami of the bound account, a saved notebook found in the file manager, the
 * desktop's pixels in the noVNC canvas), an hour added, the page at 390 px, then both ended (jobs cancelled).
 * interactive.spec.ts runs it on the embedded local cluster, interactive-slurm.spec.ts on the real Slurm.
 */
export interface InteractiveJourney {
  /** The launch form's cluster/partition option. */
  partition: string;
  /** What `getpass.getuser()` prints in the notebook: the bound account's Unix user. */
  whoami: RegExp;
  /** Picks the storage holding the account's home in the file manager (the local one is the default). */
  chooseStorage?: (page: Page) => Promise<void>;
  /** The sessions launched so far, for the spec's cleanup when a step fails. */
  launched: string[];
}

const card = (page: Page, app: string) => page.getByTestId('session-card').filter({ hasText: app }).first();

/** Launches `app` from /app/interactive (or its catalogue card) and waits for its card to say running. */
export async function launchSession(page: Page, journey: Pick<InteractiveJourney, 'partition' | 'launched'>, app: 'Jupyter Notebook' | 'Remote desktop', extra?: () => Promise<void>, fromCatalogue?: string) {
  if (fromCatalogue) {
    // the application center lists the interactive apps; a card opens the launch form with that app chosen
    await page.goto('/app/list');
    await page.getByTestId(`app-card-interactive-${fromCatalogue}`).click();
    await expect(page).toHaveURL(new RegExp(`/app/interactive\\?app=${fromCatalogue}$`));
    await expect(page.getByTestId('launch-app')).toContainText(app);
  } else {
    await page.goto('/app/interactive');
    await page.getByTestId('launch-app').click();
    await page.locator('.ant-select-item-option').filter({ hasText: app }).click();
  }
  await page.getByTestId('launch-partition').click();
  await page.locator('.ant-select-item-option').filter({ hasText: journey.partition }).click();
  await expect(page.getByTestId('launch-partition')).toContainText(journey.partition);
  await extra?.();
  const before = await page.getByTestId('session-card').count();
  await page.getByTestId('launch-submit').click();
  await expect(page.getByTestId('session-card')).toHaveCount(before + 1, { timeout: 30_000 });
  const item = card(page, app);
  journey.launched.push((await item.getAttribute('data-session-id')) ?? '');
  await expect(item).toHaveAttribute('data-state', 'running', { timeout: 120_000 });
  return item;
}

async function jobStateOf(page: Page, sessionId: string): Promise<string> {
  return page.evaluate(
    async ({ key, id }) => {
      const headers = { 'Bihu-Token': localStorage.getItem(key) ?? '' };
      const session = (await (await fetch(`/api/session/${id}`, { headers })).json()) as { spec: { cluster: string; job_id: string } };
      const job = (await (await fetch(`/api/job/job/${session.spec.cluster}/${session.spec.job_id}`, { headers })).json()) as { spec: { state: string } };
      return job.spec.state;
    },
    { key: tokenKey, id: sessionId },
  );
}

/** Ends the given sessions through the API (the spec's afterAll: a session's job outlives a failed test). */
export async function endSessions(request: APIRequestContext, user: string, ids: string[]): Promise<void> {
  const login = await request.post('/api/keystone/short_term_token/name', { data: { name: user, password: demoPassword } });
  const token = ((await login.json()) as { spec: { token: string } }).spec.token;
  for (const id of ids) await request.delete(`/api/session/${id}`, { headers: { 'Bihu-Token': token } });
}

/** Opens a new Python 3 notebook from Jupyter's tree page, runs `code` in its first cell and waits for `output`. */
export async function runInNewNotebook(tree: Page, context: BrowserContext, code: string, output: RegExp): Promise<Page> {
  await tree.locator('#new-dropdown-button').click();
  const [notebook] = await Promise.all([context.waitForEvent('page'), tree.locator('#kernel-python3 a').click()]);
  await expect(notebook.locator('#kernel_indicator_icon.kernel_idle_icon')).toBeAttached({ timeout: 60_000 });
  await notebook.locator('.CodeMirror').first().click();
  await notebook.keyboard.type(code);
  await notebook.keyboard.press('Shift+Enter');
  await expect(notebook.locator('.output_subarea.output_stdout')).toHaveText(output, { timeout: 30_000 });
  return notebook;
}

/** The journey for a signed-in, bound user; answers the saved notebook's name. */
export async function interactiveJourney(page: Page, context: BrowserContext, testInfo: TestInfo, journey: InteractiveJourney): Promise<string> {
  let notebookName = '';
  const jupyter = await test.step('launches Jupyter and waits for running', () => 
    // the app's own field (its definition's text field): handed to the job as SL_FIELD_PYTHON_PATH, never as shell text
    launchSession(page, journey, 'Jupyter Notebook', () => page.getByTestId('launch-python_path').fill('/opt/sl-extra $(id)')),
  );
  const jupyterId = (await jupyter.getAttribute('data-session-id')) ?? '';

  await test.step('connects, creates a notebook, runs whoami as the bound account and saves it', async () => {
    const [tree] = await Promise.all([context.waitForEvent('page'), jupyter.getByTestId('session-connect').click()]);
    // the ticket was swapped for the session origin's cookie and left the address: the app, on an origin (and a
    // host: cookies ignore ports) apart from the console's
    // (the notebook's own script may already have dropped its token from the address)
    await expect(tree).toHaveURL(new RegExp(`^https?://[^/]+/session/${jupyterId}/proxy/tree(\\?token=\\w+)?$`));
    const consoleOrigin = new URL(page.url()).origin;
    expect(new URL(tree.url()).hostname).not.toBe(new URL(consoleOrigin).hostname);
    // what a notebook's script can reach: no console token in its storage or cookies, and the console's API
    // (no cookie is a credential there, and no CORS lets it read an answer)
    const reach = await tree.evaluate(async ([origin, key]) => {
      let api: string;
      try {
        const reply = await fetch(`${origin}/api/user/user/self`, { credentials: 'include' });
        api = `read ${String(((await reply.json()) as { code: number }).code)}`;
      } catch {
        api = 'blocked';
      }
      return { stored: localStorage.getItem(key), cookies: document.cookie, api };
    }, [consoleOrigin, tokenKey] as const);
    const consoleToken = await page.evaluate((key) => localStorage.getItem(key) ?? '', tokenKey);
    expect(consoleToken).not.toBe('');
    expect(reach.stored).toBeNull();
    expect(reach.cookies).not.toContain(consoleToken);
    expect(reach.cookies).not.toContain('sl_session');
    expect(reach.api).toBe('blocked');
    const notebook = await runInNewNotebook(tree, context, 'import getpass; print(getpass.getuser())', journey.whoami);
    await notebook.keyboard.press('Control+s');
    // Ctrl+S is "save and checkpoint", whose toast says "Checkpoint created" and fades: the proof is the file
    // itself, read back through Jupyter's contents API (in the page, with its login) holding the cell's output
    const name = decodeURIComponent(new URL(notebook.url()).pathname.split('/notebooks/')[1] ?? '');
    expect(name).toMatch(/\.ipynb$/);
    notebookName = name;
    const saved = () =>
      notebook.evaluate(async (url) => {
        const reply = await fetch(url);
        if (!reply.ok) return `HTTP ${reply.status}`;
        const model = (await reply.json()) as { content: { cells: { outputs?: { text?: string }[] }[] } };
        return model.content.cells.flatMap((cell) => cell.outputs ?? []).map((output) => output.text ?? '').join('');
      }, `/session/${jupyterId}/proxy/api/contents/${encodeURIComponent(name)}?content=1`);
    await expect.poll(saved, { timeout: 30_000 }).toMatch(journey.whoami);
    await notebook.screenshot({ path: testInfo.outputPath('jupyter.png') });
    await notebook.close();
    await tree.close();
  });

  await test.step('finds the .ipynb in the file manager', async () => {
    await page.goto('/storage/files');
    await journey.chooseStorage?.(page);
    // a home with many entries pages its listing: the filter finds the notebook wherever it sorts
    await page.locator('input[data-testid="filter"], [data-testid="filter"] input').first().fill(notebookName);
    await expect(page.locator(`[data-testid="file-row"][data-name="${notebookName}"]`)).toBeVisible({ timeout: 15_000 });
  });

  const desktop = await test.step('launches a desktop at 1024x768 and waits for running', () =>
    launchSession(page, journey, 'Remote desktop', async () => {
      await page.getByTestId('launch-resolution').click();
      await page.locator('.ant-select-item-option').filter({ hasText: '1024x768' }).click();
    }, 'desktop'),
  );
  const desktopId = (await desktop.getAttribute('data-session-id')) ?? '';

  await test.step('connects and sees the desktop pixels in the noVNC canvas', async () => {
    await desktop.getByTestId('session-connect').click();
    await expect(page).toHaveURL(new RegExp(`/app/interactive/${desktopId}/desktop`));
    await expect(page.getByTestId('desktop-viewer')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
    const canvas = page.getByTestId('desktop-screen').locator('canvas');
    // the xmessage window is painted in the console's blue (#1890ff): wait until those pixels arrive
    const pixels = () =>
      canvas.evaluate((element: HTMLCanvasElement) => {
        const data = element.getContext('2d')?.getImageData(0, 0, element.width, element.height).data ?? new Uint8ClampedArray();
        let blue = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i]! < 60 && data[i + 1]! > 120 && data[i + 2]! > 230) blue++;
        return { size: `${element.width}x${element.height}`, blue };
      });
    await expect.poll(async () => (await pixels()).blue, { timeout: 30_000 }).toBeGreaterThan(500);
    expect((await pixels()).size).toBe('1024x768');
    await page.screenshot({ path: testInfo.outputPath('desktop.png') });
  });

  await test.step('adds an hour to the running Jupyter session', async () => {
    await page.goto('/app/interactive');
    const item = page.locator(`[data-testid="session-card"][data-session-id="${jupyterId}"]`);
    await expect(item).toContainText(/(5\d) minutes/);
    await item.getByTestId('session-extend').click();
    await page.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect(item).toContainText(/1(1\d) minutes/, { timeout: 15_000 });
  });

  await test.step('the page works at 390 px: no sideways scrolling, every action reachable', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app/interactive');
    await expect(page.getByTestId('session-card')).toHaveCount(2);
    for (const action of ['session-connect', 'session-extend', 'session-end'])
      for (const button of await page.getByTestId(action).all()) {
        await button.scrollIntoViewIfNeeded();
        await expect(button).toBeInViewport({ ratio: 1 });
      }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath('interactive-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  await test.step('ends both sessions and their jobs are cancelled', async () => {
    await page.goto('/app/interactive');
    for (const id of [desktopId, jupyterId]) {
      const item = page.locator(`[data-testid="session-card"][data-session-id="${id}"]`);
      await item.getByTestId('session-end').click();
      // the confirmation that is open (a click during its opening animation was once lost: try until it closes)
      const open = page.locator('.ant-popconfirm:not(.ant-popover-hidden)');
      await expect(async () => {
        if ((await open.count()) > 0) await open.locator('.ant-btn-primary').click({ timeout: 2_000 });
        await expect(open).toHaveCount(0, { timeout: 3_000 });
      }).toPass({ timeout: 20_000 });
      await expect(item).toHaveAttribute('data-state', 'completed', { timeout: 20_000 });
      await expect.poll(() => jobStateOf(page, id), { timeout: 20_000 }).toBe('CANCELLED');
    }
  });
  return notebookName;
}
