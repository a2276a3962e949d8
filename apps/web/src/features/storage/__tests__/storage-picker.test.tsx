import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { StorageSpecItem } from '@starlight/contract/cluster-storage';
import { bindFeedback } from '../../../lib/feedback';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { spyFeedback } from '../../../test/feedback-spy';
import { getDirInfo } from '../api/get-dir-info';
import { StoragePicker } from '../components/storage-picker';
import { StorageUsageCard, usagePercent } from '../components/storage-usage-card';
import { targetQuery, useStorageTarget } from '../storage-target';

const item = (over: Partial<StorageSpecItem>): StorageSpecItem => ({
  StorageName: 'home',
  cluster_name: 'local',
  driver: 'local',
  description: '',
  default: true,
  path: null,
  limit_bytes: null,
  used_bytes: null,
  expires_at: null,
  ...over,
});
let storages: StorageSpecItem[];
let urls: string[];

beforeEach(() => {
  spyFeedback();
  urls = [];
  storages = [item({}), item({ StorageName: 'home', cluster_name: 'devcluster', driver: 'ssh', default: false })];
  useStorageTarget.setState({ target: null });
  mockFetch((url) => {
    urls.push(url);
    if (url.includes('/storage/hpc/storage/spec')) return envelopeResponse({ code: 200, spec: { list: storages, total: storages.length } });
    if (url.includes('/storage/dir_info')) return envelopeResponse({ code: 200, spec: { dir: '.', list: [], total: 0, page: 1, page_size: 50 } });
    return envelopeResponse({ code: 1404, info: 'not found' }, 404);
  });
});
afterEach(() => {
  bindFeedback(null);
  vi.unstubAllGlobals();
});

const renderIn = (ui: React.ReactNode) =>
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);

describe('storage picker', () => {
  it('is absent when only one storage is offered', async () => {
    storages = [item({})];
    renderIn(<StoragePicker locked={false} onChange={() => undefined} />);
    await waitFor(() => expect(urls.some((u) => u.includes('/storage/hpc/storage/spec'))).toBe(true));
    expect(screen.queryByTestId('storage-picker')).toBeNull();
  });

  it('switches every file call to the chosen storage, and back to the default', async () => {
    const changed = vi.fn();
    renderIn(<StoragePicker locked={false} onChange={changed} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox'));
    await user.click(await screen.findByText('home (devcluster)'));
    expect(useStorageTarget.getState().target).toEqual({ cluster: 'devcluster', storage: 'home' });
    expect(changed).toHaveBeenCalled();
    await getDirInfo({ dir: '.', sort: 'name', order: 'asc', filter: '' }, 1, 50);
    expect(urls.at(-1)).toContain('cluster=devcluster');
    expect(urls.at(-1)).toContain('storage=home');
    useStorageTarget.getState().choose(null);
    expect(targetQuery()).toEqual({});
  });

  it('cannot be switched while uploads run', async () => {
    renderIn(<StoragePicker locked onChange={() => undefined} />);
    const picker = await screen.findByTestId('storage-picker');
    expect(picker.className).toContain('disabled');
  });
});

describe('storage usage card', () => {
  it('computes the used share only with a limit and a measurement', () => {
    expect(usagePercent({ limit_bytes: 1000, used_bytes: 250 })).toBe(25);
    expect(usagePercent({ limit_bytes: null, used_bytes: 250 })).toBeNull();
    expect(usagePercent({ limit_bytes: 100, used_bytes: 400 })).toBe(100);
  });

  it('shows a bar per storage with its usage, and an expired quota', async () => {
    storages = [
      item({ limit_bytes: 2048, used_bytes: 1024 }),
      item({ StorageName: 'scratch', cluster_name: 'devcluster', default: false, limit_bytes: 1024, used_bytes: 10, expires_at: '2020-01-01T00:00:00.000Z' }),
    ];
    renderIn(<StorageUsageCard />);
    const rows = await screen.findAllByTestId('storage-usage-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('1 KiB of 2 KiB');
    expect(rows[1]!.textContent).toContain('Quota expired');
    expect(urls[0]).toContain('verbose=true');
  });
});

describe('upload refusals', () => {
  it('tells a quota refusal from a name conflict (both 1409)', async () => {
    const { isQuotaRefusal } = await import('../upload/upload-store');
    expect(isQuotaRefusal({ reason: 'storage-quota-exceeded', limit_bytes: 1 })).toBe(true);
    expect(isQuotaRefusal({ reason: 'storage-quota-expired' })).toBe(true);
    expect(isQuotaRefusal({ reason: 'exists' })).toBe(false);
    expect(isQuotaRefusal(null)).toBe(false);
  });
});
