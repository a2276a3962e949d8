import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MetricsSettings } from '@starlight/contract/monitor';
import { bindFeedback } from '../../../lib/feedback';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { spyFeedback } from '../../../test/feedback-spy';
import { MetricsSettingsDrawer } from '../components/metrics-settings-drawer';

const fromEnv: MetricsSettings = { cluster: 'local', source: 'environment', driver: 'prometheus', url: 'http://127.0.0.1:9090', node_label: 'instance', node_template: '{node}:9100', node_map: {} };
let puts: unknown[];

beforeEach(() => {
  spyFeedback();
  puts = [];
  mockFetch((url, init) => {
    if (url.includes('/monitor/metrics/settings/local') && init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      puts.push(body);
      return envelopeResponse({ code: 200, spec: { ...fromEnv, ...body, source: 'cluster' } });
    }
    if (url.includes('/monitor/metrics/settings')) return envelopeResponse({ code: 200, spec: [fromEnv] });
    return envelopeResponse({ code: 1404, info: 'not found' }, 404);
  });
});

afterEach(() => {
  bindFeedback(null);
  vi.unstubAllGlobals();
});

function renderDrawer(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MetricsSettingsDrawer open cluster="local" onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

describe('the metrics source drawer', () => {
  it("starts from the cluster's current source and says where it comes from", async () => {
    renderDrawer();
    await waitFor(() => expect((screen.getByTestId('metrics-url') as HTMLInputElement).value).toBe('http://127.0.0.1:9090'));
    expect(screen.getByText("The server's default Prometheus (STARLIGHT_PROMETHEUS_URL) is used.")).toBeTruthy();
  });

  it('refuses a URL that is not http(s) before sending', async () => {
    const user = userEvent.setup();
    renderDrawer();
    const url = await screen.findByTestId('metrics-url');
    await waitFor(() => expect((url as HTMLInputElement).value).not.toBe(''));
    await user.clear(url);
    await user.paste('ftp://prom');
    await user.click(screen.getByTestId('metrics-settings-save'));
    await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')).not.toBeNull());
    expect(puts).toEqual([]);
  });

  it('saves a URL and a mapping with exceptions, then closes', async () => {
    const user = userEvent.setup();
    const onClose = renderDrawer();
    const url = await screen.findByTestId('metrics-url');
    await waitFor(() => expect((url as HTMLInputElement).value).not.toBe(''));
    await user.clear(url);
    await user.paste('http://prom.example:9090');
    await user.click(screen.getByPlaceholderText('cn01=10.0.0.11:9100'));
    await user.paste('cn01=10.0.0.11:9100');
    await user.click(screen.getByTestId('metrics-settings-save'));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ driver: 'prometheus', url: 'http://prom.example:9090', node_label: 'instance', node_template: '{node}:9100', node_map: { cn01: '10.0.0.11:9100' } });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('switches a cluster to no metrics', async () => {
    const user = userEvent.setup();
    renderDrawer();
    await screen.findByTestId('metrics-url');
    await user.click(screen.getByText('None'));
    await user.click(screen.getByTestId('metrics-settings-save'));
    await waitFor(() => expect(puts).toEqual([{ driver: 'none' }]));
  });
});
