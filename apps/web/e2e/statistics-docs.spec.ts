import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { adminPassword, demoPassword } from './env';
import { openFromSidebar, signIn, tokenKey } from './helpers';

const api = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ({ key, method, path, body }) => {
      const res = await fetch(`/api${path}`, { method, headers: { 'Bihu-Token': localStorage.getItem(key) ?? '', ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : null });
      return (await res.json()) as { code: number; spec: unknown };
    },
    { key: tokenKey, method, path, body },
  );

type ReportAnswer = { source_available: boolean; charts: { id: string; kind: string; buckets: string[]; series: { name: string; data: number[] }[] }[] };
const reports = ['active-users', 'resource', 'workflow', 'approval', 'image', 'app', 'ticket'] as const;
const languages = ['en', 'zh', 'es', 'ja'] as const;
const chartTitles = async (language: string) =>
  (JSON.parse(await readFile(new URL(`../src/locales/${language}/statistics.json`, import.meta.url), 'utf8')) as { charts: Record<string, string> }).charts;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

// An administrator reads every statistics page on a generated year in each of the four languages (every
// chart drawn with data), then on each page changes range and grouping and exports a chart as CSV.
test('an admin reads every statistics page on a year of activity, in four languages', async ({ page }) => {
  test.setTimeout(420_000);
  await signIn(page, 'admin', adminPassword);
  expect((await api(page, 'POST', '/statistics/demo')).code).toBe(200);

  for (const language of languages) {
    const titles = await chartTitles(language);
    await page.evaluate((lng) => localStorage.setItem('language', lng), language);
    for (const name of reports) {
      await test.step(`${name} in ${language}`, async () => {
        const answer = await api(page, 'GET', `/statistics/report/${name}?start=${day(29)}&end=${day(0)}&group_by=day`);
        const report = answer.spec as ReportAnswer;
        expect(report.source_available, name).toBe(true);
        await page.goto(`/statistics/${name}`);
        for (const chart of report.charts) {
          // every chart of the report has data in the last 30 days of the generated year
          expect(chart.series.length, `${name}/${chart.id}`).toBeGreaterThan(0);
          const card = page.getByTestId(`chart-${chart.id}`);
          await expect(card).toContainText(titles[chart.id]!, { timeout: 30_000 });
          await expect(card.locator('svg').first()).toBeVisible();
          // the legend (or the pie's slices) names the series
          await expect(card.locator('svg').first()).toContainText(chart.series[0]!.name === '' ? 'all' : chart.series[0]!.name);
        }
        await page.screenshot({ path: test.info().outputPath(`${name}-${language}.png`), fullPage: true });
      });
    }
  }
});

test('an admin changes range and grouping on each statistics page and exports CSV', async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, 'admin', adminPassword);
  expect((await api(page, 'POST', '/statistics/demo')).code).toBe(200);
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.goto('/dashboard');
  for (const name of reports) {
    await test.step(`${name}: last year by month, CSV`, async () => {
      await openFromSidebar(page, `/statistics/${name}`);
      // visited pages stay mounted (hidden) in the tags view: act on the visible report only
      const report = page.getByTestId(`report-${name}`).filter({ visible: true });
      await expect(report).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
      await report.getByTestId('report-range').first().click(); // antd puts the test id on both inputs
      await page.locator('.ant-picker-dropdown:visible').getByText('Last year').click();
      await report.getByTestId('report-grouping').getByText('Month').click();
      // the previous answer stays drawn until the new one arrives: wait for it, then for month buckets
      await expect(report).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
      const answer = (await api(page, 'GET', `/statistics/report/${name}?start=${day(364)}&end=${day(0)}&group_by=month`)).spec as ReportAnswer;
      const chart = answer.charts.find((c) => c.kind !== 'pie')!;
      const card = report.getByTestId(`chart-${chart.id}`);
      await expect(card.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText(chart.buckets[0]!);
      const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId(`csv-${chart.id}`).click()]);
      expect(download.suggestedFilename()).toBe(`${name}-${day(364)}-${day(0)}-month-${chart.id}.csv`);
      const lines = (await readFile((await download.path()) as string, 'utf8')).replace(/^\ufeff/, '').trim().split('\n');
      // a header, then one line per month of the range (13: the range starts inside a month a year ago)
      expect(lines[0]).toBe(['Period', ...chart.series.map((s) => s.name)].join(','));
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(chart.buckets);
      expect(chart.buckets).toHaveLength(13);
      // the CSV holds the same numbers the report answers
      expect(lines.slice(1).map((l) => l.split(',').slice(1).map(Number))).toEqual(chart.buckets.map((_, i) => chart.series.map((s) => s.data[i])));
    });
  }
});

test('a guide reader finds a page by a Chinese word', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', adminPassword);
  const role = await api(page, 'POST', '/perm/roles', { name: 'e2e-guide-reader', description: 'e2e', keys: ['query_book_stack'] });
  expect([200, 1409]).toContain(role.code);
  expect((await api(page, 'POST', '/user/user_role', { user_name: 'demo-user', roles: ['e2e-guide-reader'] })).code).toBe(200);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-logout').click();

  await signIn(page, 'demo-user', demoPassword);
  await openFromSidebar(page, '/guide/user');
  await page.getByTestId('guide-search').locator('input').fill('校验和');
  await page.getByTestId('guide-search').locator('input').press('Enter');
  await page.getByTestId('guide-hits').getByText('数据传输 / Data transfer').click();
  await expect(page.getByTestId('doc-content')).toContainText('校验和报告');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: test.info().outputPath('guide-390.png') });
});
