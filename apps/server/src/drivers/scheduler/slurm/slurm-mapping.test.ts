import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expandHostlist } from './hostlist';
import { signSlurmJwt } from './jwt';
import { decodeWaitStatus, expandOutputPattern, mapAccountingJob, mapSlurmJob } from './map-jobs';
import { pickVersions } from './openapi-version';
import { slurmErrorToSchedulerError } from './slurm-errors';

describe('slurm JWT', () => {
  it('signs {exp, iat, sun} with HS256 over the raw key bytes', () => {
    const key = Buffer.from('0123456789abcdef0123456789abcdef');
    const token = signSlurmJwt(key, 'alice', 300, 1_700_000_000_000);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual({ exp: 1_700_000_300, iat: 1_700_000_000, sun: 'alice' });
    expect(signature).toBe(createHmac('sha256', key).update(`${header}.${payload}`).digest('base64url'));
  });
});

describe('slurm mapping', () => {
  it('picks the newest supported API version offered', () => {
    const paths = ['/slurm/v0.0.36/jobs', '/slurm/v0.0.37/jobs', '/slurm/v0.0.39/jobs', '/slurmdb/v0.0.36/jobs'];
    expect(pickVersions(paths)).toEqual({ slurm: 'v0.0.37', slurmdb: 'v0.0.36' });
    expect(pickVersions(['/slurm/v0.0.40/jobs'])).toBeUndefined();
  });

  it('expands hostlists', () => {
    expect(expandHostlist('node[01-03,07],gpu1')).toEqual(['node01', 'node02', 'node03', 'node07', 'gpu1']);
    expect(expandHostlist('r[1-2]n[1-2]')).toEqual(['r1n1', 'r1n2', 'r2n1', 'r2n2']);
    expect(expandHostlist('')).toEqual([]);
  });

  it('decodes wait statuses as shells print them', () => {
    expect(decodeWaitStatus(0)).toBe(0);
    expect(decodeWaitStatus(768)).toBe(3);
    expect(decodeWaitStatus(9)).toBe(137);
  });

  it('expands output patterns against the working directory', () => {
    const context = { jobId: '42', user: 'alice', name: 'run', arrayJobId: '42', arrayTaskId: '', node: 'n1' };
    expect(expandOutputPattern('slurm-%j.out', '/home/alice', context)).toBe('/home/alice/slurm-42.out');
    expect(expandOutputPattern('/scratch/%u/%x-%5j.log', '/home/alice', context)).toBe('/scratch/alice/run-00042.log');
    expect(expandOutputPattern('/a/100%%/%j', '/', context)).toBe('/a/100%/42');
  });

  it('drops estimated times: a pending job has no start, a running one no end', () => {
    const pending = mapSlurmJob({ job_id: 5, job_state: 'PENDING', start_time: 2_000_000_000, end_time: 2_000_003_600, submit_time: 1 });
    expect(pending).toMatchObject({ startTime: null, endTime: null, exitCode: null });
    const running = mapSlurmJob({ job_id: 5, job_state: 'RUNNING', start_time: 100, end_time: 3700, exit_code: 0 });
    expect(running).toMatchObject({ startTime: new Date(100_000), endTime: null, exitCode: null });
  });

  it('does not trust the 0 exit code dbv0.0.38 reports for failed jobs', () => {
    const failed = mapAccountingJob({ job_id: 2, state: { current: 'FAILED' }, exit_code: { status: 'SUCCESS', return_code: 0 } });
    expect(failed.exitCode).toBeNull();
    const steps = [{ time: { total: { seconds: 1, microseconds: 500_000 } } }, { time: { total: { seconds: 0, microseconds: 250_000 } } }];
    const done = mapAccountingJob({ job_id: 3, state: { current: 'COMPLETED' }, exit_code: { status: 'SUCCESS', return_code: 0 }, steps });
    expect(done).toMatchObject({ exitCode: 0, cpuSeconds: 1.75 });
  });

  it('maps Slurm error numbers to contract codes', () => {
    const map = (entry: object) => slurmErrorToSchedulerError([entry], 'alice', 'http://x').code;
    expect(map({ error_number: -1, error: 'Unspecified error' })).toBe(1502);
    expect(map({ error_number: 2002, error: 'Access/permission denied' })).toBe(1403);
    expect(map({ error_number: 2017, error: 'Invalid job id specified' })).toBe(1404);
    expect(map({ error_code: 2000, error: 'Invalid partition name specified' })).toBe(1400);
    expect(map({ errno: 1001, error: 'Unable to contact slurm controller' })).toBe(1502);
  });
});
