import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Message } from '@starlight/contract/messages';
import { bindFeedback } from '../../../lib/feedback';
import { useSessionStore } from '../../../lib/session-store';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { spyFeedback } from '../../../test/feedback-spy';
import { latestUnread, unreadCount } from '../api/get-unread-messages';
import { MessageBell } from '../components/message-bell';

const message = (id: number): Message => ({ id, status: 1, kind: 'notice', title: `Message ${id}`, content: `Body ${id}`, created_at: new Date().toISOString() });
const seven = [1, 2, 3, 4, 5, 6, 7].map(message);

let feedback: ReturnType<typeof spyFeedback>;

beforeEach(() => {
  feedback = spyFeedback();
  useSessionStore.setState({ token: 'token-abc' });
});

afterEach(() => {
  bindFeedback(null);
  vi.unstubAllGlobals();
  useSessionStore.setState({ token: null });
});

function renderBell() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MessageBell />
        <Routes>
          <Route path="/user-center/detailmessage/:id" element={<span data-testid="detail-route" />} />
          <Route path="*" element={null} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('unread count and latest list (spec §4)', () => {
  it('counts from total when the server gives one', () => {
    expect(unreadCount({ list: seven.slice(0, 3), total: 12 })).toBe(12);
  });

  it('counts the list when there is no total', () => {
    expect(unreadCount({ list: seven.slice(0, 3) })).toBe(3);
  });

  it('shows the last five in reverse order', () => {
    expect(latestUnread(seven).map((m) => m.id)).toEqual([7, 6, 5, 4, 3]);
  });

  it('takes "last" by creation time when the server lists newest first', () => {
    const at = (hoursAgo: number) => new Date(Date.UTC(2026, 0, 2) - hoursAgo * 3_600_000).toISOString();
    const newestFirst = [
      { ...message(6), created_at: at(2) },
      { ...message(5), created_at: at(26) },
    ];
    expect(latestUnread(newestFirst).map((m) => m.id)).toEqual([6, 5]);
  });
});

describe('message bell', () => {
  it('asks for unread messages and badges the total', async () => {
    const fetchMock = mockFetch(() => envelopeResponse({ code: 200, spec: { list: seven, total: 12 } }));
    renderBell();
    await waitFor(() => expect(screen.getByTestId('message-bell').getAttribute('data-count')).toBe('12'));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContainEqual(expect.stringMatching(/^\/api\/message\/message\?field_eq_status=1&page=1&page_size=\d+$/));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/message/stream');
  });

  it('badges the list length when total is missing', async () => {
    mockFetch(() => envelopeResponse({ code: 200, spec: { list: seven.slice(0, 2) } }));
    renderBell();
    await waitFor(() => expect(screen.getByTestId('message-bell').getAttribute('data-count')).toBe('2'));
  });

  it('lists the latest five newest first, with a view-more link', async () => {
    mockFetch(() => envelopeResponse({ code: 200, spec: { list: seven, total: 7 } }));
    renderBell();
    await waitFor(() => expect(screen.getByTestId('message-bell').getAttribute('data-count')).toBe('7'));
    await userEvent.setup().click(within(screen.getByTestId('message-bell')).getByRole('button'));
    const items = await screen.findAllByTestId('bell-item');
    expect(items.map((item) => item.getAttribute('data-id'))).toEqual(['7', '6', '5', '4', '3']);
    expect(items[0]?.textContent).toContain('just now');
    expect(screen.getByTestId('bell-more').textContent).toBe('View more');
  });

  it('opens the message on its detail page (which marks it read)', async () => {
    mockFetch(() => envelopeResponse({ code: 200, spec: { list: seven, total: 7 } }));
    renderBell();
    await waitFor(() => expect(screen.getByTestId('message-bell').getAttribute('data-count')).toBe('7'));
    const user = userEvent.setup();
    await user.click(within(screen.getByTestId('message-bell')).getByRole('button'));
    await user.click((await screen.findAllByTestId('bell-item'))[0] as HTMLElement);
    expect(await screen.findByTestId('detail-route')).toBeTruthy();
    expect(feedback.modal.info).not.toHaveBeenCalled();
  });
});
