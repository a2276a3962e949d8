import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, writeFileSync, openSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { demoPassword } from './env';
import { openFromSidebar, signIn } from './helpers';

// The storage issue's journey on the embedded default, as a bound user would do it in the file manager.
const folder = 'e2e-journey';
const bigName = 'big-200mb.bin';
const bigSize = 200 * 1024 * 1024;
/** A real 2×2 RGB PNG (signature, IHDR, IDAT, IEND with their CRCs), so the browser decodes it. */
function pngOf2x2(): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0]); // 2×2, 8-bit, RGB
  const rows = Buffer.from([0, 255, 0, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]); // filter byte + 2 pixels per row
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

let work: string;
let bigPath: string;
let bigSha: string;

test.beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'starlight-e2e-storage-'));
  bigPath = path.join(work, bigName);
  const hash = createHash('sha256');
  const fd = openSync(bigPath, 'w');
  for (let written = 0; written < bigSize; written += 4 * 1024 * 1024) {
    const block = randomBytes(4 * 1024 * 1024);
    hash.update(block);
    writeSync(fd, block);
  }
  closeSync(fd);
  bigSha = hash.digest('hex');
  writeFileSync(path.join(work, 'notes.txt'), 'Hello from the storage journey.\nSecond line.\n');
  writeFileSync(path.join(work, 'pixels.png'), pngOf2x2());
});
test.afterAll(() => rmSync(work, { recursive: true, force: true }));

const sha256File = (file: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });

const row = (page: Page, name: string) => page.locator(`[data-testid="file-row"][data-name="${name}"]`);
async function rowAction(page: Page, name: string, action: string) {
  await row(page, name).getByTestId('row-menu').click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}
async function openFolder(page: Page) {
  await row(page, folder).getByText(folder).click();
  await expect(page.getByTestId('path-bar')).toContainText(folder);
}
const bigItem = (page: Page) => page.getByTestId('upload-item').filter({ hasText: bigName });

test('a bound user manages files: folder, 200 MB upload resumed after a reload, previews, download, delete', async ({ page }) => {
  test.setTimeout(110_000);

  await test.step('sign in and open the file manager from the sidebar', async () => {
    await signIn(page, 'demo-bound', demoPassword);
    await openFromSidebar(page, '/storage/files');
    await expect(page.getByTestId('file-manager')).toBeVisible();
  });

  await test.step('create a folder and open it', async () => {
    await page.getByTestId('new-folder').click();
    await page.getByTestId('name-input').fill(folder);
    await page.getByTestId('name-input').press('Enter');
    await expect(row(page, folder)).toBeVisible();
    await openFolder(page);
  });

  await test.step('upload a text file and an image', async () => {
    await page.getByTestId('file-input').setInputFiles([path.join(work, 'notes.txt'), path.join(work, 'pixels.png')]);
    await expect(row(page, 'notes.txt')).toBeVisible();
    await expect(row(page, 'pixels.png')).toBeVisible();
  });

  const cdp = await page.context().newCDPSession(page);
  await test.step('start the 200 MB upload with a visible progress bar, and reload half way', async () => {
    // slowed to ~40 MB/s so the reload lands mid-upload on any machine
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 40 * 1024 * 1024 });
    await page.getByTestId('file-input').setInputFiles(bigPath);
    await expect(page.getByTestId('upload-overall')).toBeVisible();
    await expect(async () => {
      const done = Number(await bigItem(page).getAttribute('data-percent'));
      expect(done).toBeGreaterThanOrEqual(12);
    }).toPass({ timeout: 30_000, intervals: [100] });
    expect(await bigItem(page).getAttribute('data-status')).not.toBe('done');
    await page.reload();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  });

  await test.step('the file manager offers the unfinished upload; choosing the file again resumes it to completion', async () => {
    await expect(page.getByTestId('file-manager')).toBeVisible();
    await expect(page.getByTestId('upload-pending')).toContainText(bigName);
    await openFolder(page);
    await expect(row(page, bigName)).toHaveCount(0); // nothing half-written shows
    await page.getByTestId('file-input').setInputFiles(bigPath);
    await expect(bigItem(page)).toContainText('resumed');
    await expect(bigItem(page)).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    await expect(row(page, bigName)).toBeVisible();
    await expect(row(page, bigName)).toContainText('200');
  });

  await test.step('preview the text file and the image', async () => {
    await rowAction(page, 'notes.txt', 'Preview');
    await expect(page.getByTestId('preview-text')).toHaveText(/Hello from the storage journey\.\s+Second line\./);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('preview-text')).toHaveCount(0);
    await rowAction(page, 'pixels.png', 'Preview');
    const image = page.getByTestId('preview-image');
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
    await page.keyboard.press('Escape');
  });

  await test.step('download the 200 MB file: the same SHA-256', async () => {
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await rowAction(page, bigName, 'Download');
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(bigName);
    const saved = await download.path();
    expect(await sha256File(saved)).toBe(bigSha);
    await download.delete();
  });

  await test.step('delete it', async () => {
    await rowAction(page, bigName, 'Delete');
    await page.locator('.ant-modal-confirm .ant-btn-dangerous').click();
    await expect(row(page, bigName)).toHaveCount(0);
    await expect(row(page, 'notes.txt')).toBeVisible();
  });
});
