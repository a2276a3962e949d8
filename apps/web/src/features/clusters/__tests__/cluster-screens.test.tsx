import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Cluster, Partition } from '@starlight/contract/hpc';
import { bindFeedback } from '../../../lib/feedback';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { spyFeedback } from '../../../test/feedback-spy';
import { ClusterList } from '../components/cluster-list';
import { ClusterPartitionsView } from '../components/cluster-partitions-view';

const fingerprint = `SHA256:${'Q'.repeat(43)}`;
const slurm: Cluster = {
  id: 2,
  name: 'devcluster',
  kind: 'hpc',
  driver: 'slurm',
  enabled: true,
  settings: {
    rest_url: 'http://127.0.0.1:6820',
    openapi_version: 'v0.0.38',
    admin_account: null,
    default_account: null,
    cpu_slots: null,
    max_time_limit_minutes: null,
    jwt_key_configured: true,
    ssh: { host: '127.0.0.1', port: 2222, host_key_sha256: fingerprint, key_configured: true, shell_key_configured: false },
  },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};
const kube: Cluster = { ...slurm, id: 3, name: 'kube01', kind: 'k8s', driver: 'k8s', settings: { ...slurm.settings, rest_url: null, jwt_key_configured: false, ssh: null } };
const debug: Partition = {
  id: 11,
  cluster_id: 2,
  cluster_name: 'devcluster',
  name: 'debug',
  description: 'short jobs',
  partition_type: '',
  init_type: '',
  discovered: true,
  state: 'UP',
  total_cpus: 4,
  total_nodes: 1,
  max_time_minutes: 60,
  is_default: true,
};
const long: Partition = { ...debug, id: 12, name: 'long', description: '', is_default: false, partition_type: 'private_partition' };
let requests: { url: string; method: string; body: unknown }[];

beforeEach(() => {
  spyFeedback();
  requests = [];
  mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    requests.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (url.includes('/kcluster/cluster/2/status'))
      return envelopeResponse({ code: 200, spec: { id: 2, name: 'devcluster', state: 'up', message: null, partitions: 2, nodes_total: 1, nodes_ready: 1, cpus_total: 4, cpus_alloc: 1 } });
    if (url.includes('/kcluster/cluster/3/status'))
      return envelopeResponse({ code: 200, spec: { id: 3, name: 'kube01', state: 'unsupported', message: 'cluster kube01: the Kubernetes driver is not available yet', partitions: 0, nodes_total: 0, nodes_ready: 0, cpus_total: 0, cpus_alloc: 0 } });
    if (url.includes('/kcluster/cluster') && method === 'POST') return envelopeResponse({ code: 200, spec: { ...slurm, id: 9, name: 'hpc02' } });
    if (url.includes('/kcluster/cluster')) return envelopeResponse({ code: 200, spec: { list: [slurm, kube], total: 2 } });
    if (url.includes('/kcluster/partitions/11') && method === 'PATCH') return envelopeResponse({ code: 200, spec: { ...debug, ...(requests.at(-1)!.body as object) } });
    if (url.includes('/kcluster/partitions')) return envelopeResponse({ code: 200, spec: { list: [debug, long], total: 2 } });
    if (url.includes('/kcluster/partition_webssh'))
      return envelopeResponse({
        code: 200,
        spec: { list: [{ partition_id: 11, cluster_name: 'devcluster', partition: 'debug', enabled: true, host: null, port: null, host_key_sha256: null, idle_timeout_seconds: 900, max_duration_seconds: 14400, updated_at: '2026-01-01T00:00:00Z' }], total: 1 },
      });
    if (url.includes('/kcluster/k8s/nodes/2'))
      return envelopeResponse({ code: 200, spec: [{ name: 'node01', state: 'mixed', state_flags: [], ready: true, cpus_total: 4, cpus_alloc: 1, memory_total_mb: 2000, memory_alloc_mb: 100, partitions: ['debug', 'long'] }] });
    return envelopeResponse({ code: 1404, info: 'not found' }, 404);
  });
});
afterEach(() => {
  bindFeedback(null);
  vi.unstubAllGlobals();
});

function renderIn(ui: React.ReactNode, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('/cluster-partition/platform', () => {
  it('lists clusters with their live state, and secrets only as "set"', async () => {
    // a wide screen: the connection column is left out below md (390 px phones see it in the edit drawer)
    const narrow = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...narrow(query), matches: true })) as typeof window.matchMedia;
    onTestFinished(() => void (window.matchMedia = narrow));
    renderIn(<ClusterList />);
    await waitFor(() => expect(screen.getAllByTestId('cluster-status').map((s) => s.getAttribute('data-state'))).toEqual(['up', 'unsupported']));
    expect(screen.getByTestId('cluster-capacity').textContent).toBe('1/1 nodes ready · 1/4 CPUs in use · 2 partitions');
    expect(screen.getByTestId('cluster-ssh-summary').textContent).toContain('SSH 127.0.0.1:2222');
    expect(screen.getByTestId('cluster-ssh-summary').textContent).toContain('set');
    expect(screen.getByTestId('cluster-ssh-summary').textContent).toContain('not set');
  });

  it("leads from each HPC cluster to its partition grants (not from Kubernetes ones)", async () => {
    renderIn(<ClusterList />);
    const grants = await screen.findAllByTestId('cluster-grants');
    expect(grants.map((a) => a.getAttribute('href'))).toEqual(['/cluster-partition/cluster-partition-quotas/devcluster']);
    expect(grants[0]!.textContent).toBe('Grants');
  });

  it('registers a Slurm cluster from the form', async () => {
    renderIn(<ClusterList />);
    const user = userEvent.setup();
    await user.click(screen.getByTestId('cluster-new'));
    await user.type(await screen.findByTestId('cluster-name'), 'hpc02');
    await user.type(screen.getByTestId('cluster-rest-url'), 'http://slurm2:6820');
    await user.type(screen.getByTestId('cluster-jwt-key'), '/etc/slurm/jwt2.key');
    await user.click(screen.getByTestId('cluster-save'));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      name: 'hpc02',
      kind: 'hpc',
      driver: 'slurm',
      enabled: true,
      settings: { rest_url: 'http://slurm2:6820', jwt_key_file: '/etc/slurm/jwt2.key' },
    });
  });

  it('edits a cluster without asking for its secrets again', async () => {
    renderIn(<ClusterList />);
    const user = userEvent.setup();
    const edits = await screen.findAllByTestId('cluster-edit');
    await user.click(edits[0]!);
    const jwt = (await screen.findByTestId('cluster-jwt-key')) as HTMLInputElement;
    expect(jwt.value).toBe('');
    expect(jwt.placeholder).toBe('set');
    await user.click(screen.getByTestId('cluster-save'));
    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
    const patch = requests.find((r) => r.method === 'PATCH')!;
    expect(patch.url).toContain('/kcluster/cluster/2');
    expect(JSON.stringify(patch.body)).not.toContain('key_file');
  });
});

describe('/cluster-partition/k-node', () => {
  it("shows the chosen cluster's partitions, their web shells and nodes", async () => {
    renderIn(<ClusterPartitionsView />, '/cluster-partition/k-node?cluster=devcluster');
    const table = await screen.findByTestId('partition-table');
    await waitFor(() => expect(within(table).getAllByTestId('partition-name').map((n) => n.textContent)).toEqual(['debugdefault', 'long']));
    await waitFor(() => expect(within(table).getAllByTestId('webssh-state').map((n) => n.textContent)).toEqual(['on', 'off']));
    expect(within(table).getByTestId('webssh-open').getAttribute('href')).toBe('/cluster-partition/webssh/devcluster/debug');
    const nodes = await screen.findByTestId('cluster-node-table');
    await waitFor(() => expect(within(nodes).getByTestId('node-state').textContent).toBe('mixed'));
  });

  it('describes a partition', async () => {
    renderIn(<ClusterPartitionsView />, '/cluster-partition/k-node?cluster=devcluster');
    const user = userEvent.setup();
    const describe = await screen.findAllByTestId('partition-describe');
    await user.click(describe[0]!);
    const text = await screen.findByTestId('partition-description');
    await user.clear(text);
    await user.type(text, 'GPU test nodes');
    await user.type(screen.getByTestId('partition-type'), 'gpu');
    await user.click(screen.getByTestId('partition-save'));
    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(requests.find((r) => r.method === 'PATCH')!.body).toEqual({ description: 'GPU test nodes', partition_type: 'gpu', init_type: '' });
  });
});
