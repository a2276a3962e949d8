import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ClusterQuota, UsablePartition } from '@starlight/contract/quotas';
import { bindFeedback } from '../../../lib/feedback';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { spyFeedback } from '../../../test/feedback-spy';
import { AvailableResources } from '../components/available-resources';

const usable = (over: Partial<UsablePartition>): UsablePartition => ({
  partition_id: 1,
  cluster_id: 1,
  cluster_name: 'local',
  cluster_kind: 'hpc',
  name: 'local',
  description: '',
  is_default: true,
  partition_max_time_minutes: 60,
  grant_id: 1,
  granted_group: null,
  max_cpus: null,
  max_time_minutes: 60,
  expires_at: null,
  group_cpu_seconds_limit: null,
  group_used_cpu_seconds: 0,
  user_cpu_seconds_limit: null,
  user_used_cpu_seconds: null,
  over_limit: false,
  ...over,
});
let partitions: UsablePartition[];
let clusterQuotas: ClusterQuota[];

beforeEach(() => {
  spyFeedback();
  clusterQuotas = [];
  mockFetch((url) => {
    if (url.includes('/kcluster/partitions/available/user')) return envelopeResponse({ code: 200, spec: partitions });
    if (url.includes('/kcluster/hpc/clusterQuotas/user')) return envelopeResponse({ code: 200, spec: clusterQuotas });
    return envelopeResponse({ code: 1404, info: 'not found' }, 404);
  });
});
afterEach(() => {
  bindFeedback(null);
  vi.unstubAllGlobals();
});

function renderIt() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AvailableResources />
    </QueryClientProvider>,
  );
}

describe('available resources', () => {
  it('says so when nothing is granted', async () => {
    partitions = [];
    renderIt();
    expect((await screen.findByTestId('available-empty')).textContent).toContain('No partition is granted to your group yet');
  });

  it('groups partitions by cluster with the limits that apply and the CPU time used', async () => {
    partitions = [
      usable({}),
      usable({
        partition_id: 2,
        cluster_id: 2,
        cluster_name: 'hpc1',
        name: 'gpu',
        is_default: false,
        granted_group: 'demo-lab',
        max_cpus: 8,
        group_cpu_seconds_limit: 36_000,
        group_used_cpu_seconds: 36_000,
        over_limit: true,
      }),
    ];
    renderIt();
    const local = await screen.findByTestId('available-partition-local-local');
    expect(local.textContent).toContain('Every group');
    expect(local.textContent).toContain('usable');
    expect(local.textContent).toContain('no limit');
    const gpu = screen.getByTestId('available-partition-hpc1-gpu');
    expect(gpu.textContent).toContain('demo-lab');
    expect(gpu.textContent).toContain('CPU time used up');
    expect(within(gpu).getByText('8')).toBeTruthy();
    expect(gpu.textContent).toContain('10.00 核时 of 10.00 核时');
  });

  it("shows the cluster quotas of me and my group on the cluster's card", async () => {
    partitions = [usable({})];
    clusterQuotas = [
      {
        id: 1, cluster_id: 1, cluster_name: 'local', subject: 'user', user_id: 3, user_name: 'me', group_id: 1, group_name: 'demo-lab',
        cpu_seconds_limit: 7200, max_cpus: 2, expires_at: null, used_cpu_seconds: 3600, usage_since: '2026-01-01T00:00:00Z', expired: false, over_limit: false, updated_at: '2026-01-01T00:00:00Z',
      },
    ];
    renderIt();
    await waitFor(() => expect(screen.getByTestId('cluster-quota-user').textContent).toContain('My cluster quota'));
    expect(screen.getByTestId('cluster-quota-user').textContent).toContain('1.00 核时 of 2.00 核时');
  });
});
