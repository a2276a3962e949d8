import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { UserQuota } from '@starlight/contract/quotas';
import { bindFeedback } from '../../../lib/feedback';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { spyFeedback } from '../../../test/feedback-spy';
import { MemberPartitionQuotas } from '../components/member-partition-quotas';

const usable = { partition_id: 5, cluster_id: 1, cluster_name: 'hpc1', cluster_kind: 'hpc', name: 'debug', description: '', is_default: true, partition_max_time_minutes: 60,
  grant_id: 2, granted_group: 'demo-lab', max_cpus: 4, max_time_minutes: 60, expires_at: null, group_cpu_seconds_limit: null, group_used_cpu_seconds: 0,
  user_cpu_seconds_limit: null, user_used_cpu_seconds: null, over_limit: false };
const excluded: UserQuota = {
  id: 9, cluster_id: 1, cluster_name: 'hpc1', partition_id: 5, partition_name: 'debug', user_id: 4, user_name: 'carol', group_id: 1, group_name: 'demo-lab',
  allowed: false, max_cpus: null, max_time_minutes: null, cpu_seconds_limit: null, expires_at: null, used_cpu_seconds: 0, usage_since: '2026-01-01T00:00:00Z',
  expired: false, over_limit: false, updated_at: '2026-01-01T00:00:00Z',
};
let sent: { url: string; method: string; body: unknown }[];

beforeEach(() => {
  spyFeedback();
  sent = [];
  mockFetch((url, init) => {
    if (init.method === 'PATCH') {
      sent.push({ url, method: 'PATCH', body: JSON.parse(String(init.body)) });
      return envelopeResponse({ code: 200, spec: { quota: { ...excluded, user_name: 'alice', allowed: false }, warnings: [] } });
    }
    if (url.includes('/kcluster/partitions/available/group')) return envelopeResponse({ code: 200, spec: { group_id: 1, group_name: 'demo-lab', partitions: [usable] } });
    if (url.includes('/kcluster/hpc/partitions/users/available/5'))
      return envelopeResponse({ code: 200, spec: { list: [{ user_id: 3, user_name: 'alice', group_id: 1, group_name: 'demo-lab', system_account: 'a_b_c', partitions: [usable] }], total: 1 } });
    if (url.includes('/kcluster/partitions/userquotas/GAdmin')) return envelopeResponse({ code: 200, spec: { list: [excluded], total: 1 } });
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
      <MemberPartitionQuotas />
    </QueryClientProvider>,
  );
}

describe("a group admin's member partition quotas", () => {
  it('lists members who may use the partition and those a quota excludes, with the grant limits', async () => {
    renderIt();
    await waitFor(() => expect(screen.getByTestId('member-quotas-table').textContent).toContain('carol'));
    const table = screen.getByTestId('member-quotas-table').textContent ?? '';
    expect(table).toContain('alice');
    expect(table).toContain('excluded');
    expect(screen.getByText("The group's grant: 4 CPUs per job, 60 minutes per job")).toBeTruthy();
  });

  it("excludes a member through PATCH …/userquotasGAdmin/{user}", async () => {
    renderIt();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('edit-member-alice'));
    await user.click(await screen.findByTestId('member-form-allowed'));
    await user.type(screen.getByTestId('member-form-max-cpus'), '2');
    await user.click(screen.getByTestId('member-form-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toContain('/kcluster/partitions/5/userquotasGAdmin/alice');
    expect(sent[0]!.body).toEqual({ allowed: false, max_cpus: 2, max_time_minutes: null, cpu_seconds_limit: null, expires_at: null });
  });
});
