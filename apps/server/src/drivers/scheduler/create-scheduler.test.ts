import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createScheduler, schedulerConfigSchema } from './create-scheduler';
import { MemoryJobStore } from './local/job-store';

describe('createScheduler', () => {
  it('needs exactly one source for the Slurm key', () => {
    const base = { kind: 'slurm', restUrl: 'http://127.0.0.1:6820' };
    expect(schedulerConfigSchema.safeParse(base).success).toBe(false);
    expect(schedulerConfigSchema.safeParse({ ...base, jwtKeyFile: '/k', jwtKeyBase64: 'AAAA' }).success).toBe(false);
    expect(schedulerConfigSchema.parse({ ...base, jwtKeyFile: '/k' })).toMatchObject({ adminAccount: 'root', timeoutMs: 10_000 });
  });

  it('builds either driver from its config', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'starlight-create-'));
    try {
      const local = await createScheduler(schedulerConfigSchema.parse({ kind: 'local', cpuSlots: 1 }), {
        dataDir,
        localStore: new MemoryJobStore(),
      });
      expect(local.kind).toBe('local');
      await local.close();
      const keyFile = path.join(dataDir, 'jwt.key');
      await writeFile(keyFile, Buffer.alloc(32, 7));
      const slurm = (jwtKeyFile: string) =>
        schedulerConfigSchema.parse({ kind: 'slurm', restUrl: 'http://127.0.0.1:6820', jwtKeyFile });
      expect((await createScheduler(slurm(keyFile), { dataDir })).kind).toBe('slurm');
      await expect(createScheduler(slurm(path.join(dataDir, 'missing')), { dataDir })).rejects.toMatchObject({
        code: 1500,
        info: expect.stringContaining('ENOENT'),
      });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
