import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Device } from '@starlight/contract/monitor';
import { bindFeedback } from '../../../lib/feedback';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { spyFeedback } from '../../../test/feedback-spy';
import { DeviceTable } from '../components/device-table';

const now = '2026-11-22T09:00:00.000Z';
let devices: Device[];
let posted: unknown[];
let requested: string[];

beforeEach(() => {
  spyFeedback();
  devices = [{ id: 1, name: 'core switch', type: 'network', cluster: null, node: null, serial: 'SW-1', location: 'Room 3', status: 'in_service', notes: null, created_at: now, updated_at: now }];
  posted = [];
  requested = [];
  mockFetch((url, init) => {
    requested.push(url);
    if (url.includes('/monitor/nodes')) return envelopeResponse({ code: 200, spec: { list: [], total: 0, unreachable: [] } });
    if (url.includes('/resource/hardware/devices') && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Device;
      posted.push(body);
      if (body.serial === 'SW-1') return envelopeResponse({ code: 1409, info: 'a device with serial SW-1 exists', spec: { fields: [{ path: 'body.serial', message: 'taken' }] } }, 409);
      const created = { ...body, id: 2, created_at: now, updated_at: now } as Device;
      devices.push(created);
      return envelopeResponse({ code: 200, spec: created });
    }
    if (url.includes('/resource/hardware/devices')) return envelopeResponse({ code: 200, spec: { list: devices, total: devices.length } });
    return envelopeResponse({ code: 1404, info: 'not found' }, 404);
  });
});

afterEach(() => {
  bindFeedback(null);
  vi.unstubAllGlobals();
});

function renderTable() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DeviceTable />
    </QueryClientProvider>,
  );
}

describe('the devices table', () => {
  it('lists devices with translated type and status', async () => {
    renderTable();
    await waitFor(() => expect(screen.getByText('core switch')).toBeTruthy());
    expect(screen.getByText('Network')).toBeTruthy();
    expect(screen.getByText('In service')).toBeTruthy();
  });

  it('adds a device, refusing a blank name before anything is sent', async () => {
    const user = userEvent.setup();
    renderTable();
    await waitFor(() => expect(screen.getByText('core switch')).toBeTruthy());
    await user.click(screen.getByTestId('device-add'));
    await user.click(await screen.findByTestId('device-save'));
    await waitFor(() => expect(screen.getByText('1 to 64 characters, no control characters')).toBeTruthy());
    expect(posted).toEqual([]);
    await user.click(screen.getByTestId('device-name'));
    await user.paste('gpu rack 1');
    await user.click(screen.getByTestId('device-serial'));
    await user.paste('GPU-7');
    await user.click(screen.getByTestId('device-save'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ name: 'gpu rack 1', type: 'compute', cluster: null, node: null, serial: 'GPU-7', location: null, status: 'in_service', notes: null });
    await waitFor(() => expect(within(screen.getByTestId('device-table')).getByText('gpu rack 1')).toBeTruthy());
  });

  it("shows the server's 1409 on the serial field", async () => {
    const user = userEvent.setup();
    renderTable();
    await user.click(await screen.findByTestId('device-add'));
    await user.click(await screen.findByTestId('device-name'));
    await user.paste('dup');
    await user.click(screen.getByTestId('device-serial'));
    await user.paste('SW-1');
    await user.click(screen.getByTestId('device-save'));
    await waitFor(() => expect(screen.getByText('Another device has this serial number')).toBeTruthy());
  });

  it('searches on the server', async () => {
    const user = userEvent.setup();
    renderTable();
    await user.type(await screen.findByPlaceholderText('Name, serial or location'), 'room{Enter}');
    await waitFor(() => expect(requested.some((u) => u.includes('field_lk_name=room'))).toBe(true));
  });
});
