import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Message } from '@starlight/contract/messages';
import { useSessionStore } from '../../../lib/session-store';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { MessageCenter } from '../components/message-center';
import { MessageDetail } from '../components/message-detail';

const message = (id: number, status = 1): Message => ({ id, status, kind: 'job_failed', title: `Message ${id}`, content: '<p>Body</p>', created_at: new Date().toISOString() });

beforeEach(() => useSessionStore.setState({ token: 'token-abc' }));
afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ token: null });
});

const renderIn = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
const calls = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(url)}`);

describe('message centre list', () => {
  it('lists with kind tags, filters unread on the server and marks all read', async () => {
    const fetchMock = mockFetch((url) =>
      url.includes('read_all') ? envelopeResponse({ code: 200, spec: { changed: 2 } }) : envelopeResponse({ code: 200, spec: { list: [message(2), message(1, 2)], total: 2 } }),
    );
    renderIn(<MessageCenter />);
    expect((await screen.findAllByTestId('message-link')).map((a) => a.getAttribute('href'))).toEqual(['/user-center/detailmessage/2', '/user-center/detailmessage/1']);
    expect(screen.getAllByTestId('message-kind')[0]?.textContent).toBe('Job failed');
    const user = userEvent.setup();
    await user.click(screen.getByText('Unread'));
    await waitFor(() => expect(calls(fetchMock).some((c) => c.startsWith('GET /api/message/message?') && c.includes('field_eq_status=1'))).toBe(true));
    await user.click(screen.getByTestId('mark-all-read'));
    await waitFor(() => expect(calls(fetchMock)).toContain('POST /api/message/message/read_all'));
  }, 60_000); // an antd table in jsdom on a shared 2-core machine
});

describe('message detail', () => {
  it('marks an unread message read once and renders only sanitised HTML', async () => {
    const fetchMock = mockFetch((url, init) =>
      init.method === 'PATCH'
        ? envelopeResponse({ code: 200, spec: { ...message(5), status: 2 } })
        : envelopeResponse({ code: 200, spec: { ...message(5), content: '<p>ok<img src=x onerror="window.pwned=1"><script>window.pwned=1</script></p>' } }),
    );
    renderIn(<MessageDetail id={5} />);
    const content = await screen.findByTestId('message-content');
    expect(content.innerHTML).toBe('<p>ok</p>');
    await waitFor(() => expect(calls(fetchMock).filter((c) => c === 'PATCH /api/message/message/5')).toHaveLength(1));
  });
});
