import { describe, expect, it } from 'vitest';
import type { Job, JobState } from '@starlight/contract/jobs';
import { serializeQuery } from '@starlight/contract/query';
import { buildJobListQuery, jobListPaths, jobListRefetchInterval, jobRefreshMs } from '../api/get-jobs';

const job = (state: JobState): Job => ({
  cluster: 'local',
  job_id: '1',
  name: 'j',
  user_name: 'u',
  system_account: 'a_b_c',
  partition: 'local',
  state,
  reason: null,
  submit_time: '2026-01-01T00:00:00Z',
  start_time: null,
  end_time: null,
  time_limit_minutes: 60,
  cpus: 1,
  nodes: [],
  exit_code: null,
  cpu_seconds: null,
  core_seconds: null,
  core_hours: null,
  updated_at: '2026-01-01T00:00:00Z',
});

describe('job list query (ARCHITECTURE §3)', () => {
  it('sends page and page_size only when nothing is filtered', () => {
    expect(serializeQuery(buildJobListQuery({ page: 1, pageSize: 20 }))).toBe('page=1&page_size=20');
  });

  it('repeats field_eq_state, trims text filters and drops empty ones', () => {
    const query = buildJobListQuery({ page: 2, pageSize: 50, states: ['RUNNING', 'PENDING'], partition: ' gpu ', name: 'hello ', user: '', sort: '-cpus' });
    expect(serializeQuery(query)).toBe('page=2&page_size=50&field_eq_state=RUNNING&field_eq_state=PENDING&field_eq_partition=gpu&field_lk_name=hello&sort=-cpus');
  });

  it('sends the submit-time range as ISO instants', () => {
    const from = Date.UTC(2026, 0, 1);
    const to = Date.UTC(2026, 0, 8);
    const query = buildJobListQuery({ page: 1, pageSize: 20, submittedFrom: from, submittedTo: to });
    expect(query.start_time).toBe('2026-01-01T00:00:00.000Z');
    expect(query.end_time).toBe('2026-01-08T00:00:00.000Z');
  });

  it('filters by owner and cluster for the group and all lists', () => {
    expect(serializeQuery(buildJobListQuery({ page: 1, pageSize: 20, user: 'demo-user', cluster: 'local' }))).toBe(
      'page=1&page_size=20&field_eq_cluster=local&field_eq_user=demo-user',
    );
  });

  it('reads the three scopes from their own paths', () => {
    expect(jobListPaths).toEqual({ mine: '/job/jobs', group: '/job/jobs/group', all: '/job/jobs/all' });
  });
});

describe('live refresh rule', () => {
  it('refreshes every 5 s while a job on the page is pending or running', () => {
    expect(jobRefreshMs).toBe(5000);
    expect(jobListRefetchInterval({ list: [job('COMPLETED'), job('PENDING')] })).toBe(5000);
    expect(jobListRefetchInterval({ list: [job('RUNNING')] })).toBe(5000);
  });

  it('stops when every job on the page has finished, and before the first page arrives', () => {
    expect(jobListRefetchInterval({ list: [job('COMPLETED'), job('FAILED'), job('CANCELLED'), job('TIMEOUT')] })).toBe(false);
    expect(jobListRefetchInterval({ list: [] })).toBe(false);
    expect(jobListRefetchInterval(undefined)).toBe(false);
  });
});
