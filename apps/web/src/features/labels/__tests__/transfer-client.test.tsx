import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Label } from '@starlight/contract/labels';
import { bindFeedback } from '../../../lib/feedback';
import { useSessionStore } from '../../../lib/session-store';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { spyFeedback } from '../../../test/feedback-spy';
import { TransferClient } from '../components/transfer-client';

const macUa = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15';
const label = (id: number, name: string, description: string): Label => ({
  id,
  name,
  description,
  label_type_id: 7,
  label_type_name: 'link',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

/** A small link-settings server: GET/POST/PATCH /label/label and GET/POST /label/type against a map. */
function linkServer(initial: Record<string, string>) {
  const settings = new Map(Object.entries(initial).map(([name, value], i) => [name, label(i + 1, name, value)]));
  const writes: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = mockFetch((url, init) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, string>) : undefined;
    if (method !== 'GET') writes.push({ method, path: pathname, body });
    if (pathname.endsWith('/label/type')) return envelopeResponse({ code: 200, spec: { list: [{ id: 7, name: 'link', description: '', label_count: settings.size, created_at: '', updated_at: '' }], total: 1 } });
    if (pathname.endsWith('/label/label') && method === 'GET') {
      expect(searchParams.get('field_eq_label_type_name')).toBe('link');
      const found = settings.get(searchParams.get('field_eq_name') ?? '');
      return envelopeResponse({ code: 200, spec: { list: found ? [found] : [], total: found ? 1 : 0 } });
    }
    if (pathname.endsWith('/label/label') && method === 'POST' && body) {
      const created = label(100 + settings.size, body.name as string, body.description as string);
      settings.set(created.name, created);
      return envelopeResponse({ code: 200, spec: created });
    }
    const patched = /\/label\/label\/(\d+)$/.exec(pathname);
    if (patched && method === 'PATCH' && body) {
      const current = [...settings.values()].find((l) => l.id === Number(patched[1]));
      if (!current) return envelopeResponse({ code: 1404, info: 'label not found' }, 404);
      const next = { ...current, description: body.description as string };
      settings.set(next.name, next);
      return envelopeResponse({ code: 200, spec: next });
    }
    return envelopeResponse({ code: 1404, info: `unexpected ${method} ${pathname}` }, 404);
  });
  return { fetchMock, writes, settings };
}

function renderClient(userAgent = macUa) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <TransferClient userAgent={userAgent} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  spyFeedback();
  useSessionStore.setState({ token: 'token-abc', permissions: [] });
});
afterEach(() => {
  bindFeedback(null);
  vi.unstubAllGlobals();
  useSessionStore.setState({ token: null, permissions: [] });
});

describe('<TransferClient>', () => {
  it("offers the visitor's platform first and lists the others", async () => {
    linkServer({
      'transclient-version': '2.1.0',
      'transclient-2.1.0-Win': 'https://dl.example.org/tc.exe',
      'transclient-2.1.0-Linux': 'https://dl.example.org/tc.tgz',
      'transclient-2.1.0-Darwin': 'https://dl.example.org/tc.dmg',
    });
    renderClient();
    const mine = await screen.findByTestId('transfer-mine');
    expect(within(mine).getByTestId('download-Darwin').getAttribute('href')).toBe('https://dl.example.org/tc.dmg');
    const others = screen.getByTestId('transfer-others');
    expect(within(others).getByTestId('download-Win').getAttribute('href')).toBe('https://dl.example.org/tc.exe');
    expect(within(others).getByTestId('download-Linux')).toBeTruthy();
    expect(screen.getByText('2.1.0')).toBeTruthy();
    expect(screen.queryByTestId('transfer-missing')).toBeNull();
    expect(screen.queryByTestId('edit-transfer-links')).toBeNull(); // manage_label only
  });

  it('tells a user, in a sentence, that the administrator has not published the client yet', async () => {
    linkServer({});
    renderClient();
    expect((await screen.findByTestId('transfer-not-published')).textContent).toBe('The administrator has not published the transfer client yet.');
    expect(document.body.textContent).not.toContain('no such value');
    expect(document.body.textContent).not.toContain('transclient-version');
    expect(screen.queryByTestId('transfer-missing')).toBeNull();
  });

  it('tells a user which platforms have no build yet, without the setting names', async () => {
    linkServer({ 'transclient-version': '3.0', 'transclient-3.0-Win': 'https://dl.example.org/w.exe' });
    renderClient();
    const mine = await screen.findByTestId('transfer-mine');
    expect(within(mine).getByTestId('not-published-Darwin').textContent).toBe('Not published for macOS yet.');
    expect(screen.queryByTestId('transfer-missing')).toBeNull();
    expect(document.body.textContent).not.toContain('no such value');
  });

  it('lets a manage_label holder set the version and links, creating what is missing', async () => {
    useSessionStore.setState({ permissions: ['manage_label'] });
    const server = linkServer({});
    renderClient();
    expect((await screen.findByTestId('transfer-missing')).textContent).toContain('Settings still to set: transclient-version');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('edit-transfer-links'));
    await user.type(await screen.findByTestId('transfer-version'), '4.0');
    await user.type(screen.getByTestId('transfer-url-Darwin'), 'https://dl.example.org/4.dmg');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(screen.getByTestId('transfer-mine')).getByTestId('download-Darwin').getAttribute('href')).toBe('https://dl.example.org/4.dmg'));
    expect(server.writes.map((w) => [w.method, (w.body as { name?: string } | undefined)?.name])).toEqual([
      ['POST', 'transclient-version'],
      ['POST', 'transclient-4.0-Darwin'],
    ]);
    expect(screen.getByTestId('transfer-missing').textContent).toContain('transclient-4.0-Win, transclient-4.0-Linux');
  });

  it('refuses a link that is not an address, and writes nothing', async () => {
    useSessionStore.setState({ permissions: ['manage_label'] });
    const server = linkServer({ 'transclient-version': '1.0' });
    renderClient();
    await screen.findByTestId('transfer-missing');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('edit-transfer-links'));
    await user.type(await screen.findByTestId('transfer-url-Win'), 'not a link');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a full address starting with http:// or https://')).toBeTruthy();
    expect(server.writes).toEqual([]);
  });
});
