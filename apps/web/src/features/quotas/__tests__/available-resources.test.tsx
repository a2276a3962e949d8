import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
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
let shells: { partition_id: number; cluster_name: string; partition: string; enabled: boolean }[];
let shellsFail: boolean;
const shellRow = (s: (typeof shells)[number]) => ({
  ...s, host: null, port: null, host_key_sha256: null, idle_timeout_seconds: 900, max_duration_seconds: 28_800, updated_at: '2026-01-01T00:00:00Z',
});

beforeEach(() => {
  spyFeedback();
  clusterQuotas = [];
  shells = [];
  shellsFail = false;
  mockFetch((url) => {
    if (url.includes('/kcluster/partition_webssh'))
      return shellsFail
        ? envelopeResponse({ code: 1403, info: 'forbidden' }, 403)
        : envelopeResponse({ code: 200, spec: { list: shells.map(shellRow), total: shells.length } });
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
      <MemoryRouter>
        <AvailableResources />
      </MemoryRouter>
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
    expect(gpu.textContent).toContain('10.00 core-hours of 10.00 core-hours');
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
    expect(screen.getByTestId('cluster-quota-user').textContent).toContain('1.00 core-hours of 2.00 core-hours');
  });

  it('offers "Open shell" only on the partitions whose web shell is enabled for me', async () => {
    partitions = [usable({}), usable({ partition_id: 2, name: 'gpu', is_default: false }), usable({ partition_id: 3, name: 'big', is_default: false })];
    shells = [
      { partition_id: 1, cluster_name: 'local', partition: 'local', enabled: true },
      { partition_id: 3, cluster_name: 'local', partition: 'big', enabled: false },
    ];
    renderIt();
    const open = await screen.findByTestId('open-shell-local-local');
    expect(open.getAttribute('href')).toBe('/cluster-partition/webssh/local/local');
    expect(open.textContent).toContain('Open shell');
    expect(screen.queryByTestId('open-shell-local-gpu')).toBeNull();
    expect(screen.queryByTestId('open-shell-local-big')).toBeNull();
  });

  it('still lists the partitions, without shell buttons, when the shells cannot be read', async () => {
    partitions = [usable({})];
    shellsFail = true;
    renderIt();
    await screen.findByTestId('available-partition-local-local');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('open-shell-local-local')).toBeNull();
  });
});
