import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { LabelType } from '@starlight/contract/labels';
import { bindFeedback } from '../../../lib/feedback';
import { useSessionStore } from '../../../lib/session-store';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { spyFeedback } from '../../../test/feedback-spy';
import { LabelTypesTable } from '../components/label-types-table';

const type = (id: number, name: string, count = 0): LabelType => ({
  id,
  name,
  description: `${name} labels`,
  label_count: count,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

function renderTable() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const opened: LabelType[] = [];
  render(
    <QueryClientProvider client={client}>
      <LabelTypesTable onOpenLabels={(t) => opened.push(t)} />
    </QueryClientProvider>,
  );
  return { opened };
}

beforeEach(() => {
  spyFeedback();
  useSessionStore.setState({ token: 'token-abc', permissions: ['manage_label'] });
});
afterEach(() => {
  bindFeedback(null);
  vi.unstubAllGlobals();
  useSessionStore.setState({ token: null, permissions: [] });
});

describe('label types table', () => {
  it('lists types from the server with the search as field_lk_name', async () => {
    const queries: string[] = [];
    mockFetch((url) => {
      const query = new URL(url, 'http://localhost').searchParams;
      queries.push(query.toString());
      const all = [type(1, 'link', 4), type(2, 'domain', 2)].filter((t) => t.name.includes(query.get('field_lk_name') ?? ''));
      return envelopeResponse({ code: 200, spec: { list: all, total: all.length } });
    });
    renderTable();
    expect(await screen.findByText('link')).toBeTruthy();
    expect(screen.getByText('domain')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(within(screen.getByTestId('label-type-search')).getByRole('searchbox'), 'dom{Enter}');
    await waitFor(() => expect(screen.queryByText('link')).toBeNull());
    expect(queries.at(-1)).toContain('field_lk_name=dom');
  });

  it('keeps the dialog open and marks the field when the server says the name is taken', async () => {
    const posted: unknown[] = [];
    mockFetch((url, init) => {
      if (init.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return envelopeResponse(
          { code: 1409, info: 'there is already a label type named link', spec: { fields: [{ path: 'body.name', message: 'there is already a label type named link' }] } },
          409,
        );
      }
      return envelopeResponse({ code: 200, spec: { list: [type(1, 'link')], total: 1 } });
    });
    renderTable();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('add-label-type'));
    await user.type(await screen.findByTestId('label-type-name'), 'link');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('there is already a label type named link', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(posted).toEqual([{ name: 'link', description: '' }]);
  });

  it('checks the name in the browser first: nothing is sent for a bad one', async () => {
    const fetchMock = mockFetch(() => envelopeResponse({ code: 200, spec: { list: [], total: 0 } }));
    renderTable();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('add-label-type'));
    await user.type(await screen.findByTestId('label-type-name'), '9 lives');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A letter, then up to 31 letters, digits, "_" or "-"')).toBeTruthy();
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it('hides the write buttons from holders of the read-only keys', async () => {
    useSessionStore.setState({ permissions: ['manage_mei'] });
    mockFetch(() => envelopeResponse({ code: 200, spec: { list: [type(1, 'link', 3)], total: 1 } }));
    const { opened } = renderTable();
    expect(await screen.findByText('link')).toBeTruthy();
    expect(screen.queryByTestId('add-label-type')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: '3' }));
    expect(opened.map((t) => t.name)).toEqual(['link']);
  });
});
