import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bindFeedback } from '../../lib/feedback';
import { useSessionStore } from '../../lib/session-store';
import { envelopeResponse, mockFetch } from '../../test/fetch-mock';
import { spyFeedback } from '../../test/feedback-spy';
import { renderApp } from './render-app';

/** A server storing the address as the real one does (PUT url or null, GET it back); records the PUTs. */
function serve(initial: string | null) {
  let url = initial;
  const puts: unknown[] = [];
  mockFetch((address, init) => {
    const path = new URL(address, 'http://localhost').pathname;
    if (path !== '/api/monitor/dashboard') return new Promise<Response>(() => undefined);
    if (init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { url: string | null };
      puts.push(body);
      url = body.url;
    }
    return envelopeResponse({ code: 200, spec: { url, updated_at: url ? '2026-01-01T00:00:00Z' : null } });
  });
  return puts;
}

beforeEach(() => spyFeedback());
afterEach(() => {
  bindFeedback(null);
  vi.unstubAllGlobals();
  useSessionStore.setState({ token: null, permissions: null, user: null });
});

describe('/cluster-partition/monitor-dashboard (a run-time setting)', { timeout: 60_000 }, () => {
  it('tells a reader without the setting key who sets the address while it is unset', async () => {
    useSessionStore.setState({ token: 't', permissions: ['binded_account', 'platform_monitor'] });
    serve(null);
    renderApp('/cluster-partition/monitor-dashboard');
    const unset = await screen.findByTestId('dashboard-unset', {}, { timeout: 15_000 });
    expect(unset.textContent).toContain('Ask a monitoring administrator');
    expect(unset.textContent).toContain('Manage monitoring metrics');
    expect(screen.queryByTestId('dashboard-form')).toBeNull();
  });

  it('lets a monitoring administrator set it, refusing what is not an http(s) URL, then offers the link', async () => {
    useSessionStore.setState({ token: 't', permissions: ['binded_account', 'platform_monitor', 'metrics_manage'] });
    const puts = serve(null);
    renderApp('/cluster-partition/monitor-dashboard');
    const input = await screen.findByTestId('dashboard-url', {}, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.type(input, 'javascript:alert(1)');
    await user.click(screen.getByTestId('dashboard-save'));
    expect(await screen.findByText('Enter an http or https URL (at most 2000 characters)')).toBeTruthy();
    expect(puts).toEqual([]);
    await user.clear(input);
    await user.type(input, ' https://grafana.example.org/d/c ');
    await user.click(screen.getByTestId('dashboard-save'));
    await waitFor(() => expect(puts).toEqual([{ url: 'https://grafana.example.org/d/c' }]));
    expect((await screen.findByTestId('external-link')).getAttribute('href')).toBe('https://grafana.example.org/d/c');
  });

  it('opens a set address for a reader', async () => {
    useSessionStore.setState({ token: 't', permissions: ['binded_account', 'platform_monitor'] });
    serve('https://grafana.example.org/d/c');
    renderApp('/cluster-partition/monitor-dashboard');
    const link = await screen.findByTestId('external-link', {}, { timeout: 15_000 });
    expect(link.getAttribute('href')).toBe('https://grafana.example.org/d/c');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
