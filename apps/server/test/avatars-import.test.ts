import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { users } from '../src/db/schema/identity';
import { api, startTestApp, type TestApp } from './helpers';

/** Avatars moved from DATA_DIR/avatars into the database: a start copies the old files in once. */
let first: TestApp | undefined;
let second: TestApp | undefined;
let dataDir = '';
afterAll(async () => {
  await second?.app.close();
  await second?.database.close();
  await rm(dataDir, { recursive: true, force: true });
});

it('serves an avatar an earlier version wrote to the data folder, from the database', { timeout: 120_000 }, async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-avatars-'));
  first = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir } });
  const name = '0b7d3c1e-2f4a-4c5b-9d6e-7f8a9b0c1d2e.png';
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 5)]);
  // what the earlier version left: the file on disk and the user's avatar address
  await mkdir(path.join(dataDir, 'avatars'));
  await writeFile(path.join(dataDir, 'avatars', name), png);
  await first.database.db.update(users).set({ avatar: `{address}/user/avatar/${name}` }).where(eq(users.userName, 'demo-user'));
  expect((await first.app.inject({ url: api(`/user/avatar/${name}`) })).statusCode).toBe(404);
  await first.app.close();

  // the next start imports it; the file could now go (another instance never had it)
  second = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir }, database: first.database });
  await rm(path.join(dataDir, 'avatars'), { recursive: true });
  const served = await second.app.inject({ url: api(`/user/avatar/${name}`) });
  expect(served.statusCode).toBe(200);
  expect(served.rawPayload.equals(png)).toBe(true);
});
