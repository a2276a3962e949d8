import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDetail } from '@starlight/contract/apps';
import type { WrfStatus } from '@starlight/contract/wrf';
import { findCwltool } from '../src/drivers/workflows/engine-binaries';
import { wrfApp } from '../src/modules/apps/wrf';
import { adminToken, call } from './admin-helpers';
import { demoPassword, login, startTestApp, stopTestApp, type TestApp } from './helpers';

/**
 * /storage/wrf through the API: the shipped `wrf` app is in the catalogue and valid CWL (real cwltool), this
 * machine has no WRF, so the status says so and a launch is refused with 1400 on body.cluster and nothing
 * written; with WRF's executables on STARLIGHT_WRF_PATH the same cluster counts as installed.
 */
const hasCwltool = (await findCwltool()) !== null;
if (!hasCwltool && process.env.CI === 'true') throw new Error('cwltool is missing: scripts/services/cwl-up.sh installs it');

let t: TestApp;
let dataDir: string;
let bound: string;
let unbound: string;
const savedWrfPath = process.env.STARLIGHT_WRF_PATH;

beforeAll(async () => {
  delete process.env.STARLIGHT_WRF_PATH;
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-wrf-'));
  t = await startTestApp({ env: { STARLIGHT_DATA_DIR: dataDir } });
  bound = await login(t.app, 'demo-bound', demoPassword);
  unbound = await login(t.app, 'demo-user', demoPassword);
}, 90_000);
afterAll(async () => {
  if (savedWrfPath === undefined) delete process.env.STARLIGHT_WRF_PATH;
  else process.env.STARLIGHT_WRF_PATH = savedWrfPath;
  await stopTestApp(t);
  await rm(dataDir, { recursive: true, force: true });
});

const launch = {
  cluster: 'local',
  partition: 'local',
  case_name: 'shanghai-july',
  namelist_input: '&time_control\n run_hours = 24,\n/\n',
  namelist_wps: "&share\n wrf_core = 'ARW',\n/\n",
  met_em_path: 'wps-out',
};
const fieldsOf = (e: { spec: unknown }) => ((e.spec as { fields?: { path: string }[] } | null)?.fields ?? []).map((f) => f.path);

describe('WRF on /storage/wrf', () => {
  it('ships the wrf app in the catalogue, and cwltool accepts it', async () => {
    const app = await call<AppDetail>(t, bound, 'GET', '/app/apps/wrf');
    expect(app.code).toBe(200);
    expect(app.spec.version.inputs.map((i) => i.id).sort()).toEqual(['met_em', 'namelist_input', 'namelist_wps']);
    if (hasCwltool) {
      const validated = await call(t, bound, 'POST', '/app/validate', { cwl: wrfApp.cwl, main_file: 'wrf.cwl' });
      expect(validated.code).toBe(200);
    }
  }, 60_000);

  it('says WRF is not installed on this machine and refuses the launch with a clear message, writing nothing', async () => {
    const status = await call<WrfStatus>(t, bound, 'GET', '/app/wrf?cluster=local');
    expect(status.code).toBe(200);
    expect(status.spec).toMatchObject({ app: true, cluster: 'local', installed: false, missing: ['real.exe', 'wrf.exe'] });
    expect(status.spec.message).toMatch(/WRF is not installed on cluster local: real\.exe and wrf\.exe not found/);

    const refused = await call(t, bound, 'POST', '/app/wrf/runs', launch);
    expect(refused.code).toBe(1400);
    expect(fieldsOf(refused)).toEqual(['body.cluster']);
    expect(refused.info).toMatch(/WRF is not installed on cluster local/);
    await expect(stat(path.join(dataDir, 'homes', 'demo_lab_bound', 'wrf-cases'))).rejects.toThrow();
    const runs = await call<{ list: unknown[] }>(t, bound, 'GET', '/app/runs');
    expect(runs.spec.list).toEqual([]);
  });

  it('refuses unknown clusters and callers without a bound account', async () => {
    expect(fieldsOf(await call(t, bound, 'GET', '/app/wrf?cluster=nowhere'))).toEqual(['query.cluster']);
    expect(fieldsOf(await call(t, bound, 'POST', '/app/wrf/runs', { ...launch, cluster: 'nowhere' }))).toEqual(['body.cluster']);
    expect(fieldsOf(await call(t, bound, 'POST', '/app/wrf/runs', { ...launch, case_name: '../x' }))).toEqual(['body.case_name']);
    expect((await call(t, unbound, 'GET', '/app/wrf')).code).toBe(1403);
    expect((await call(t, unbound, 'POST', '/app/wrf/runs', launch)).code).toBe(1403);
    expect((await call(t, await adminToken(t), 'GET', '/app/wrf')).code).toBe(1403);
  });

  it('counts WRF as installed once real.exe and wrf.exe are found, and checks the met_em folder', async () => {
    const bin = path.join(dataDir, 'wrf-bin');
    await mkdir(bin);
    for (const name of ['real.exe', 'wrf.exe']) {
      await writeFile(path.join(bin, name), '#!/bin/sh\nexit 0\n');
      await chmod(path.join(bin, name), 0o755);
    }
    process.env.STARLIGHT_WRF_PATH = bin;
    const status = await call<WrfStatus>(t, bound, 'GET', '/app/wrf');
    expect(status.spec).toMatchObject({ installed: true, missing: [], found: { 'real.exe': path.join(bin, 'real.exe'), 'wrf.exe': path.join(bin, 'wrf.exe') } });
    const noMet = await call(t, bound, 'POST', '/app/wrf/runs', launch);
    expect(fieldsOf(noMet)).toEqual(['body.met_em_path']);
    delete process.env.STARLIGHT_WRF_PATH;
  });
});
