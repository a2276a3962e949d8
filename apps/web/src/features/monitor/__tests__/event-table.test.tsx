import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { MonitorEvent } from '@starlight/contract/monitor';
import { bindFeedback } from '../../../lib/feedback';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { spyFeedback } from '../../../test/feedback-spy';
import { EventTable } from '../components/event-table';

const events: MonitorEvent[] = [
  { id: 2, cluster: 'local', type: 'job_failed', nodes: ['vm'], job_id: '17', from_state: null, to_state: 'FAILED', info: 'job 17 (breaks) of alice ended FAILED, exit code 3', time: '2026-11-22T09:05:00.000Z' },
  { id: 1, cluster: 'local', type: 'node_state', nodes: ['vm'], job_id: null, from_state: 'idle', to_state: 'allocated', info: 'node vm: idle → allocated', time: '2026-11-22T09:00:00.000Z' },
];
let requested: URL[];

beforeEach(() => {
  spyFeedback();
  requested = [];
  mockFetch((url) => {
    const u = new URL(url, 'http://localhost');
    requested.push(u);
    const type = u.searchParams.get('field_eq_type');
    const list = events.filter((e) => !type || e.type === type);
    return envelopeResponse({ code: 200, spec: { list, total: list.length } });
  });
});

afterEach(() => {
  bindFeedback(null);
  vi.unstubAllGlobals();
});

function renderTable(initialNode?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <EventTable initialNode={initialNode} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the events table', () => {
  it('shows a failed job linked to its detail and a node change as old → new', async () => {
    renderTable();
    const table = await screen.findByTestId('event-table');
    await waitFor(() => expect(within(table).getByText('Job #17')).toBeTruthy());
    expect(within(table).getByText('Job #17').closest('a')?.getAttribute('href')).toBe('/job/info/local/17');
    expect(within(table).getByText('ended FAILED')).toBeTruthy();
    expect(within(table).getByText('allocated')).toBeTruthy();
    expect(within(table).getAllByText('vm')[0]!.closest('a')?.getAttribute('href')).toBe('/monitor/state/vm?cluster=local');
  });

  it('asks the server for one type, and for the node it was opened with', async () => {
    const user = userEvent.setup();
    renderTable('vm');
    await waitFor(() => expect(requested.at(-1)?.searchParams.get('field_eq_node')).toBe('vm'));
    await user.click(screen.getByTestId('events-type').querySelector('.ant-select-content, .ant-select-selector') ?? screen.getByTestId('events-type'));
    await user.click(await screen.findByText('Job failed', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(requested.at(-1)?.searchParams.get('field_eq_type')).toBe('job_failed'));
    expect(requested.at(-1)?.searchParams.get('page')).toBe('1');
    await waitFor(() => expect(screen.queryByText('allocated')).toBeNull());
  });
});
