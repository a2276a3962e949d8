import { createHash, randomBytes } from 'node:crypto';
import { closeSync, createReadStream, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';

/*
 * The storage issue's browser journey, shared by the spec on the embedded default storage
 * (storage.spec.ts) and the one on a Slurm cluster's ssh storage (storage-slurm.spec.ts): a folder, a
 * 200 MB upload with its progress bar, a reload mid-upload and the resume, previews, a download with
 * the same SHA-256, a delete. Each spec says how its storage is chosen and what it checks on disk.
 */
export const bigName = 'big-200mb.bin';
export const bigSize = 200 * 1024 * 1024;
export const notesText = 'Hello from the storage journey.\nSecond line.\n';

/** A real 2×2 RGB PNG (signature, IHDR, IDAT, IEND with their CRCs), so the browser decodes it. */
export function pngOf2x2(): Buffer {
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

export interface JourneyFiles {
  work: string;
  bigPath: string;
  bigSha: string;
}

/** The local files the journey uploads: 200 MB of random bytes (and its SHA-256), a text file, an image. */
export function makeJourneyFiles(): JourneyFiles {
  const work = mkdtempSync(path.join(tmpdir(), 'starlight-e2e-storage-'));
  const bigPath = path.join(work, bigName);
  const hash = createHash('sha256');
  const fd = openSync(bigPath, 'w');
  for (let written = 0; written < bigSize; written += 4 * 1024 * 1024) {
    const block = randomBytes(4 * 1024 * 1024);
    hash.update(block);
    writeSync(fd, block);
  }
  closeSync(fd);
  writeFileSync(path.join(work, 'notes.txt'), notesText);
  writeFileSync(path.join(work, 'pixels.png'), pngOf2x2());
  return { work, bigPath, bigSha: hash.digest('hex') };
}

export const removeJourneyFiles = (files: JourneyFiles | undefined) => files && rmSync(files.work, { recursive: true, force: true });

export const sha256File = (file: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });

export const fileRow = (page: Page, name: string) => page.locator(`[data-testid="file-row"][data-name="${name}"]`);
async function rowAction(page: Page, name: string, action: string) {
  await fileRow(page, name).getByTestId('row-menu').click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}
const bigItem = (page: Page) => page.getByTestId('upload-item').filter({ hasText: bigName });

export interface JourneyOptions {
  files: JourneyFiles;
  /** The folder the journey creates (unique per run where the storage outlives the server). */
  folder: string;
  /** Brings the file manager to the storage under test (again after the reload). */
  chooseStorage?: (page: Page) => Promise<void>;
  /** Runs once the 200 MB file is complete, before the previews (e.g. a look at the disk). */
  afterUpload?: () => Promise<void>;
  /** Runs once the 200 MB file was deleted. */
  afterDelete?: () => Promise<void>;
}

/** The journey from an open file manager (the page is signed in and shows /storage/files). */
export async function storageJourney(page: Page, { files, folder, chooseStorage, afterUpload, afterDelete }: JourneyOptions) {
  const openFolder = async () => {
    await fileRow(page, folder).getByText(folder).click();
    await expect(page.getByTestId('path-bar')).toContainText(folder);
  };

  if (chooseStorage) await test.step('choose the storage', () => chooseStorage(page));

  await test.step('create a folder and open it', async () => {
    await page.getByTestId('new-folder').click();
    await page.getByTestId('name-input').fill(folder);
    await page.getByTestId('name-input').press('Enter');
    await expect(fileRow(page, folder)).toBeVisible();
    await openFolder();
  });

  await test.step('upload a text file and an image', async () => {
    await page.getByTestId('file-input').setInputFiles([path.join(files.work, 'notes.txt'), path.join(files.work, 'pixels.png')]);
    await expect(fileRow(page, 'notes.txt')).toBeVisible();
    await expect(fileRow(page, 'pixels.png')).toBeVisible();
  });

  const cdp = await page.context().newCDPSession(page);
  await test.step('start the 200 MB upload with a visible progress bar, and reload half way', async () => {
    // slowed to ~40 MB/s so the reload lands mid-upload on any machine
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 40 * 1024 * 1024 });
    await page.getByTestId('file-input').setInputFiles(files.bigPath);
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
    if (chooseStorage) await chooseStorage(page);
    await openFolder();
    await expect(fileRow(page, bigName)).toHaveCount(0); // nothing half-written shows
    await page.getByTestId('file-input').setInputFiles(files.bigPath);
    await expect(bigItem(page)).toContainText('resumed');
    await expect(bigItem(page)).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    await expect(fileRow(page, bigName)).toBeVisible();
    await expect(fileRow(page, bigName)).toContainText('200');
  });

  if (afterUpload) await test.step('the files on disk', afterUpload);

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
    expect(await sha256File(saved)).toBe(files.bigSha);
    await download.delete();
  });

  await test.step('delete it', async () => {
    await rowAction(page, bigName, 'Delete');
    await page.locator('.ant-modal-confirm .ant-btn-dangerous').click();
    await expect(fileRow(page, bigName)).toHaveCount(0);
    await expect(fileRow(page, 'notes.txt')).toBeVisible();
  });

  if (afterDelete) await test.step('gone from disk', afterDelete);
}
