import { describe, expect, it } from 'vitest';
import { coreHours, jobListQuerySchema, jobParamsSchema, jobSubmitInputSchema } from './jobs';

describe('job list query', () => {
  it('takes seconds (10 digits), milliseconds and ISO dates as times', () => {
    const q = jobListQuerySchema.parse({ start_time: '1700000000', end_time: '1700000000000' });
    expect(q.start_time?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(q.end_time?.toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(jobListQuerySchema.parse({ start_time: '2024-01-02T03:04:05Z' }).start_time?.toISOString()).toBe('2024-01-02T03:04:05.000Z');
    expect(jobListQuerySchema.safeParse({ start_time: 'yesterday' }).success).toBe(false);
  });

  it('takes one state or a repeated key, and sorts by -submit_time by default', () => {
    expect(jobListQuerySchema.parse({ field_eq_state: 'RUNNING' })).toMatchObject({ field_eq_state: ['RUNNING'], sort: '-submit_time', page: 1, page_size: 20 });
    expect(jobListQuerySchema.parse({ field_eq_state: ['RUNNING', 'PENDING'] }).field_eq_state).toEqual(['RUNNING', 'PENDING']);
    expect(jobListQuerySchema.safeParse({ field_eq_state: 'running' }).success).toBe(false);
    expect(jobListQuerySchema.safeParse({ sort: 'script' }).success).toBe(false);
    expect(jobListQuerySchema.safeParse({ page_size: '101' }).success).toBe(false);
  });
});

describe('job ids and submit input', () => {
  it('refuses job ids and partitions with shell metacharacters', () => {
    expect(jobParamsSchema.safeParse({ cluster: 'local', jobId: '12;id' }).success).toBe(false);
    expect(jobParamsSchema.safeParse({ cluster: '../x', jobId: '12' }).success).toBe(false);
    expect(jobSubmitInputSchema.safeParse({ partition: 'debug $(id)', script: 'x' }).success).toBe(false);
    expect(jobSubmitInputSchema.parse({ partition: 'debug', script: 'echo' })).toMatchObject({ name: 'job', cpus: 1 });
  });

  it('gives 核时 as core-seconds / 3600 with two decimals', () => {
    expect(coreHours(5400)).toBe(1.5);
    expect(coreHours(null)).toBeNull();
  });
});
