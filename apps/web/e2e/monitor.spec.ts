import { expect, test } from '@playwright/test';
import { adminPassword } from './env';
import { openFromSidebar, signIn } from './helpers';

// Issue 4 part 6: the monitor screens on the embedded local cluster (one node: this host). Node metrics
// come from the real Prometheus when PROMETHEUS_URL is set for the e2e server (start-server.mjs passes it);
// otherwise the metrics page must say "not configured" rather than draw nothing.
const withPrometheus = Boolean(process.env.PROMETHEUS_URL);

test.describe.configure({ mode: 'serial' });

test('an administrator walks the monitor screens: summary, nodes, a node, events, devices, metrics', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', adminPassword);

  await test.step('summary: cards, the node-state chart and recent events', async () => {
    await openFromSidebar(page, '/monitor/summary');
    await expect(page.getByTestId('monitor-summary')).toBeVisible();
    await expect(page.getByTestId('summary-nodes')).toContainText('1');
    await expect(page.getByTestId('summary-states-chart').locator('svg')).toBeVisible();
    await expect(page.getByTestId('summary-events')).toBeVisible();
  });

  let nodeName = '';
  await test.step("nodes, then the local node's state page", async () => {
    await openFromSidebar(page, '/monitor/nodes');
    const link = page.getByTestId('node-link').first();
    await expect(link).toBeVisible();
    nodeName = (await link.getAttribute('data-node')) ?? '';
    await link.click();
    await expect(page.getByTestId('monitor-node-page')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/monitor/state/${nodeName}`));
    await expect(page.getByTestId('node-metrics-link')).toBeVisible();
    await expect(page.getByTestId('node-events-link')).toBeVisible();
  });

  await test.step('events: the table with its filters', async () => {
    await openFromSidebar(page, '/monitor/events');
    await expect(page.getByTestId('event-table')).toBeVisible();
    await page.getByTestId('events-node').locator('input').fill(nodeName);
    await page.getByTestId('events-node').locator('input').press('Enter');
    await expect(page.getByTestId('event-table')).toBeVisible();
  });

  await test.step('devices: refuses a bad serial, then adds a device', async () => {
    await openFromSidebar(page, '/monitor/devices');
    await page.getByTestId('device-add').click();
    await page.getByTestId('device-name').fill('e2e gpu server');
    await page.getByTestId('device-serial').fill('bad serial');
    await page.getByTestId('device-save').click();
    await expect(page.getByTestId('device-form').locator('.ant-form-item-explain-error')).toContainText('Up to 64 letters');
    await page.getByTestId('device-serial').fill('E2E-GPU-1');
    await page.getByTestId('device-location').fill('Room 1, rack B');
    await page.getByTestId('device-save').click();
    await expect(page.getByTestId('device-table')).toContainText('e2e gpu server');
    await expect(page.getByTestId('device-table')).toContainText('E2E-GPU-1');
  });

  await test.step(withPrometheus ? 'metrics: charts of the local node from Prometheus' : 'metrics: the clear "not configured" notice', async () => {
    await openFromSidebar(page, '/monitor/metrics');
    await expect(page.getByTestId('metrics-node')).toContainText(nodeName);
    if (withPrometheus) {
      await expect(page.getByTestId('chart-cpu').locator('svg path').first()).toBeAttached({ timeout: 15_000 });
      await expect(page.getByTestId('chart-memory')).toBeVisible();
      await page.getByTestId('metrics-window').getByText('24 hours').click();
      await expect(page).toHaveURL(/window=24h/);
      await expect(page.getByTestId('chart-load')).toBeVisible();
    } else {
      await expect(page.getByTestId('metrics-not-configured')).toContainText('Metrics are not configured for this cluster');
    }
  });
});

test('the summary and devices pages fit a 390 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin', adminPassword);
  for (const path of ['/monitor/summary', '/monitor/devices', '/monitor/metrics', '/monitor/events']) {
    await page.goto(path);
    await expect(page.getByTestId('shell')).toBeVisible();
    // not 'networkidle': the bell's live message stream stays open on every page
    await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 15_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
