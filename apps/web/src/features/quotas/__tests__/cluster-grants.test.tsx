import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { GroupQuota } from '@starlight/contract/quotas';
import { bindFeedback } from '../../../lib/feedback';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { spyFeedback } from '../../../test/feedback-spy';
import { ClusterGrants } from '../components/cluster-grants';

const partition = (id: number, name: string) => ({
  id, cluster_id: 1, cluster_name: 'hpc1', name, description: '', partition_type: '', init_type: '', discovered: true,
  state: 'UP', total_cpus: 8, total_nodes: 1, max_time_minutes: 60, is_default: id === 1,
});
const grant: GroupQuota = {
  id: 7, cluster_id: 1, cluster_name: 'hpc1', partition_id: 1, partition_name: 'debug', group_id: 3, group_name: 'demo-lab',
  max_cpus: 4, max_time_minutes: null, cpu_seconds_limit: null, expires_at: null, used_cpu_seconds: 0,
  usage_since: '2026-01-01T00:00:00Z', expired: false, over_limit: false, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
};
let sent: { method: string; url: string; body: unknown }[];
let writeReply: () => Response;

beforeEach(() => {
  spyFeedback();
  sent = [];
  writeReply = () => envelopeResponse({ code: 200, spec: { quota: grant, warnings: [] } });
  mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (method !== 'GET') {
      sent.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : null });
      return writeReply();
    }
    if (url.includes('/kcluster/partitions/groupquotasAdmin')) return envelopeResponse({ code: 200, spec: { list: [grant], total: 1 } });
    if (url.includes('/kcluster/partitions/groups/avaliable/admin'))
      return envelopeResponse({ code: 200, spec: [{ group_id: 3, group_name: 'demo-lab', partitions: [] }, { group_id: 4, group_name: 'physics', partitions: [] }, { group_id: null, group_name: null, partitions: [] }] });
    if (url.includes('/kcluster/partitions')) return envelopeResponse({ code: 200, spec: { list: [partition(1, 'debug'), partition(2, 'long')], total: 2 } });
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
      <ClusterGrants clusterName="hpc1" />
    </QueryClientProvider>,
  );
}

async function pickGroup(label: string) {
  const select = screen.getByTestId('grant-form-group').closest('.ant-select')!;
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((el) => el.textContent === label);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

describe('the grants of a cluster', () => {
  it('shows each partition with the groups granted it, and "nobody" where none is', async () => {
    renderIt();
    await waitFor(() => expect(screen.getByTestId('grants-of-debug').textContent).toContain('demo-lab'));
    expect(screen.getByTestId('grant-tag-demo-lab').textContent).toContain('max 4 CPUs');
    expect(screen.getByTestId('grants-of-long').textContent).toContain('Nobody may use it');
  });

  it('grants a partition to a picked group with limits (核时 sent as core-seconds)', async () => {
    renderIt();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('grant-long'));
    await pickGroup('physics');
    await user.type(screen.getByTestId('grant-form-max-cpus'), '2');
    await user.type(screen.getByTestId('grant-form-cpu-hours'), '10');
    await user.click(screen.getByTestId('grant-form-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'POST',
      body: { partition_id: 2, group_id: 4, max_cpus: 2, max_time_minutes: null, cpu_seconds_limit: 36_000, expires_at: null },
    });
    expect(sent[0]!.url).toContain('/kcluster/partitions/groupquotas');
  });

  it("puts the server's 1400 on the field it names and keeps the form open", async () => {
    writeReply = () => envelopeResponse({ code: 1400, info: 'bad', spec: { fields: [{ path: 'body.max_cpus', message: 'too many for this partition' }] } }, 400);
    renderIt();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('grant-tag-demo-lab'));
    await waitFor(() => expect((screen.getByTestId('grant-form-max-cpus') as HTMLInputElement).value).toBe('4'));
    await user.click(screen.getByTestId('grant-form-save'));
    await waitFor(() => expect(screen.getByText('too many for this partition')).toBeTruthy());
    expect(sent[0]).toMatchObject({ method: 'PATCH', body: { max_cpus: 4 } });
    expect(sent[0]!.url).toContain('/kcluster/partitions/groupquotas/7');
  });

  it('revokes a grant after confirmation', async () => {
    writeReply = () => envelopeResponse({ code: 200, spec: { quota: null, warnings: [] } });
    renderIt();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('grant-tag-demo-lab'));
    await user.click(await screen.findByTestId('grant-form-revoke'));
    const confirm = await screen.findAllByRole('button', { name: 'Revoke' });
    await user.click(confirm[confirm.length - 1]!);
    await waitFor(() => expect(sent).toEqual([expect.objectContaining({ method: 'DELETE' })]));
    expect(sent[0]!.url).toContain('/kcluster/partitions/1/groupquotas/3');
  });
});
