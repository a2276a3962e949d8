import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { JobMetrics } from '@starlight/contract/monitor';
import { bindFeedback } from '../../../lib/feedback';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { spyFeedback } from '../../../test/feedback-spy';
import { JobMetricsView } from '../components/job-metrics-view';

let reply: JobMetrics;
let asked: string[];

beforeEach(() => {
  spyFeedback();
  asked = [];
  mockFetch((url) => {
    asked.push(url);
    return envelopeResponse({ code: 200, spec: reply });
  });
});
afterEach(() => {
  bindFeedback(null);
  vi.unstubAllGlobals();
});

function renderView() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <JobMetricsView cluster="local" jobId="42" />
    </QueryClientProvider>,
  );
}

describe("a job's monitor view", () => {
  it('says a pending job has nothing to draw yet', async () => {
    reply = { cluster: 'local', job_id: '42', state: 'PENDING', start: null, end: null, running: true, nodes_total: 0, nodes: [] };
    renderView();
    await waitFor(() => expect(screen.getByTestId('job-not-started')).toBeTruthy());
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(asked[0]).toContain('/monitor/metrics/jobs/local/42');
  });

  it("shows each node's block, and says when only the first nodes are drawn", async () => {
    const node = { cluster: 'local', start: 1_700_000_000, end: 1_700_000_300, step_seconds: 15, configured: false, info: 'metrics not configured for cluster local', selector: null, series: null };
    reply = { cluster: 'local', job_id: '42', state: 'RUNNING', start: 1_700_000_000, end: 1_700_000_300, running: true, nodes_total: 20, nodes: [{ ...node, node: 'cn01' }, { ...node, node: 'cn02' }] };
    renderView();
    await waitFor(() => expect(screen.getByText('cn01')).toBeTruthy());
    expect(screen.getByText('cn02')).toBeTruthy();
    expect(screen.getAllByTestId('metrics-not-configured')).toHaveLength(2);
    expect(screen.getByText('The first 2 of 20 nodes are shown.')).toBeTruthy();
    expect(screen.getByText('still running')).toBeTruthy();
  });
});
