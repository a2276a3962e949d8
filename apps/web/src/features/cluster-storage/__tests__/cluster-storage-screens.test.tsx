import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Filesystem, StorageQuota } from '@starlight/contract/cluster-storage';
import { bindFeedback } from '../../../lib/feedback';
import { useSessionStore } from '../../../lib/session-store';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { spyFeedback } from '../../../test/feedback-spy';
import { FilesystemTable } from '../components/filesystem-table';
import { PartitionStorages } from '../components/partition-storages';
import { StorageQuotas } from '../components/storage-quotas';

const home: Filesystem = {
  id: 1,
  name: 'home',
  cluster_name: 'devcluster',
  driver: 'ssh',
  root: '/home/{account}',
  description: 'Home directories',
  partitions: ['debug'],
  offered: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};
const partition = (name: string) => ({
  id: name.length,
  cluster_id: 2,
  cluster_name: 'devcluster',
  name,
  description: '',
  partition_type: '',
  init_type: '',
  discovered: true,
  state: 'UP',
  total_cpus: 4,
  total_nodes: 1,
  max_time_minutes: 60,
  is_default: false,
});
const quota: StorageQuota = {
  scope: 'user',
  cluster_name: 'devcluster',
  storage_name: 'home',
  user_name: 'demo-bound',
  group_id: 1,
  group_name: null,
  limit_bytes: 2 * 1024 ** 3,
  used_bytes: 1024 ** 3,
  expires_at: null,
  expired: false,
  limit_display: '2 GiB',
  used_display: '1 GiB',
};
let requests: { url: string; method: string; body: unknown }[];

beforeEach(() => {
  spyFeedback();
  requests = [];
  mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    requests.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url.includes('/kcluster/filesystems') && method === 'POST') return envelopeResponse({ code: 200, spec: { ...home, id: 2, name: 'public' } });
    if (url.includes('/kcluster/filesystems')) return envelopeResponse({ code: 200, spec: [home] });
    if (url.includes('/kcluster/partitions')) return envelopeResponse({ code: 200, spec: { list: [partition('debug'), partition('long')], total: 2 } });
    if (url.includes('/kcluster/partStoRel') && method !== 'GET') return envelopeResponse({ code: 200, spec: method === 'POST' ? { cluster_name: 'devcluster', partition_name: 'long', storage_name: 'home' } : null });
    if (url.includes('/kcluster/partStoRel')) return envelopeResponse({ code: 200, spec: { list: [{ cluster_name: 'devcluster', partition_name: 'debug', storage_name: 'home' }], total: 1 } });
    if (url.includes('/storage/hpc/storage/spec/userQuotas')) return envelopeResponse({ code: 200, spec: { list: [quota], total: 1 } });
    if (url.includes('/storage/hpc/storage/spec/groupQuotas')) return envelopeResponse({ code: 200, spec: { list: [], total: 0 } });
    if (url.includes('/storage/hpc/storage/user') && method === 'PATCH') return envelopeResponse({ code: 200, spec: { ...quota, limit_bytes: 5 * 1024 ** 3 } });
    return envelopeResponse({ code: 1404, info: 'not found' }, 404);
  });
});
afterEach(() => {
  bindFeedback(null);
  vi.unstubAllGlobals();
  useSessionStore.setState({ permissions: null });
});

function renderIn(ui: React.ReactNode, permissions: string[]) {
  useSessionStore.setState({ token: 't', permissions });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('/cluster-partition/partition-storages', () => {
  it('shows each storage against every partition and relates a missing one (§5)', async () => {
    renderIn(<PartitionStorages />, ['kcluster_clusters_admin', 'query_partitions_admin']);
    const debug = await screen.findByTestId('rel-home-debug');
    const long = screen.getByTestId('rel-home-long');
    expect((debug.querySelector('input') ?? debug).getAttribute('checked') !== null || (debug as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Not in every partition')).toBeTruthy();
    await userEvent.setup().click(long);
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ cluster_name: 'devcluster', partition_name: 'long', storage_name: 'home' }));
  });

  it('lets a reader look without changing anything', async () => {
    renderIn(<PartitionStorages />, ['query_partitions_admin']);
    const long = await screen.findByTestId('rel-home-long');
    expect((long as HTMLInputElement).disabled).toBe(true);
  });
});

describe('/cluster-partition/fs', () => {
  it('lists storages and adds one from the form, checking the root template first', async () => {
    renderIn(<FilesystemTable />, ['kcluster_clusters_admin']);
    expect(await screen.findByTestId('fs-name')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('fs-add'));
    const form = await screen.findByTestId('fs-form');
    const [name, cluster, root] = within(form).getAllByRole('textbox') as HTMLInputElement[];
    await user.type(name!, 'public');
    await user.type(cluster!, 'devcluster');
    await user.clear(root!);
    await user.type(root!, '/public/home');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An absolute path holding {account} once, without . or ..')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.type(root!, '/{{account}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'public', cluster_name: 'devcluster', driver: 'ssh', root: '/public/home/{account}', description: '' }),
    );
  });

  it('hides the write buttons from readers', async () => {
    renderIn(<FilesystemTable />, ['udt_client_manage']);
    expect(await screen.findByTestId('fs-name')).toBeTruthy();
    expect(screen.queryByTestId('fs-add')).toBeNull();
  });
});

describe('/cluster-partition/user-storage-quota', () => {
  it('shows usage in 1024 units and saves a new limit in bytes', async () => {
    renderIn(<StorageQuotas />, ['user_order_create_gadmin']);
    expect(await screen.findByText('1 GiB / 2 GiB')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('quota-edit'));
    const amount = (await screen.findByTestId('quota-amount')).querySelector('input') ?? (await screen.findByTestId('quota-amount'));
    await user.clear(amount);
    await user.type(amount, '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ user_name: 'demo-bound', cluster: 'devcluster', storage: 'home', limit_bytes: 5 * 1024 ** 3 }),
    );
  });

  it('offers no edit to an ordinary user', async () => {
    renderIn(<StorageQuotas />, ['binded_account']);
    expect(await screen.findByText('demo-bound')).toBeTruthy();
    expect(screen.queryByTestId('quota-edit')).toBeNull();
  });
});
