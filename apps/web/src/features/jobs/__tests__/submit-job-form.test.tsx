import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { bindFeedback } from '../../../lib/feedback';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { spyFeedback } from '../../../test/feedback-spy';
import { SubmitJobForm } from '../components/submit-job-form';

const partition = { id: 1, cluster_id: 1, cluster_name: 'local', name: 'local', description: '', partition_type: '', init_type: '', max_time_minutes: 60, is_default: true };
let posted: unknown[];
let submitReply: () => Response;

beforeEach(() => {
  spyFeedback();
  posted = [];
  submitReply = () => envelopeResponse({ code: 200, kind: 'job', spec: { cluster: 'local', job_id: '7', warnings: [] } });
  mockFetch((url, init) => {
    if (url.includes('/kcluster/user/available/clusters')) return envelopeResponse({ code: 200, spec: [{ id: 1, name: 'local', kind: 'hpc', driver: 'local' }] });
    if (url.includes('/kcluster/user/available/partitions')) return envelopeResponse({ code: 200, spec: [partition] });
    if (url.endsWith('/job/jobs') && init.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return submitReply();
    }
    return envelopeResponse({ code: 1404, info: 'not found' }, 404);
  });
});

afterEach(() => {
  bindFeedback(null);
  vi.unstubAllGlobals();
});

function renderForm() {
  const onSubmitted = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SubmitJobForm onSubmitted={onSubmitted} />
    </QueryClientProvider>,
  );
  return onSubmitted;
}

const fieldError = (testId: string) => screen.getByTestId(testId).closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')?.textContent;

describe('the submit form', () => {
  it('starts on the first cluster, its default partition and a #!/bin/bash script', async () => {
    renderForm();
    await waitFor(() => expect(screen.getByTestId('submit-partition').textContent).toContain('local'));
    expect((screen.getByTestId('submit-script') as HTMLTextAreaElement).value.startsWith('#!/bin/bash')).toBe(true);
  });

  it('shows schema errors on the fields and sends nothing', async () => {
    renderForm();
    await waitFor(() => expect(screen.getByTestId('submit-partition').textContent).toContain('local'));
    const user = userEvent.setup();
    await user.clear(screen.getByTestId('submit-script'));
    await user.type(screen.getByTestId('submit-time-limit'), '90');
    await user.click(screen.getByTestId('submit-job'));
    await waitFor(() => expect(fieldError('submit-script')).toBe('Required'));
    expect(fieldError('submit-time-limit')).toBe("Over the partition's limit of 60 minutes");
    expect(posted).toEqual([]);
  });

  it('submits the contract input and reports the job id', async () => {
    const onSubmitted = renderForm();
    await waitFor(() => expect(screen.getByTestId('submit-partition').textContent).toContain('local'));
    const user = userEvent.setup();
    await user.type(screen.getByTestId('submit-script'), 'echo hello-from-starlight');
    await user.click(screen.getByTestId('submit-job'));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith({ cluster: 'local', job_id: '7', warnings: [] }));
    expect(posted).toEqual([{ cluster: 'local', partition: 'local', name: 'job', script: '#!/bin/bash\n\necho hello-from-starlight', cpus: 1 }]);
  });

  it("puts the server's 1400 on the field it names", async () => {
    submitReply = () => envelopeResponse({ code: 1400, info: '64 CPUs requested, the queue has 2', spec: { field: 'cpus' } }, 400);
    renderForm();
    await waitFor(() => expect(screen.getByTestId('submit-partition').textContent).toContain('local'));
    await userEvent.click(screen.getByTestId('submit-job'));
    await waitFor(() => expect(fieldError('submit-cpus')).toBe('64 CPUs requested, the queue has 2'));
  });

  it("says the scheduler is unreachable, with the server's reason, on a 1502", async () => {
    const reason = 'the Slurm controller behind slurmrestd at http://127.0.0.1:6820 is unreachable since 2026-11-28T05:08:40.000Z: did not answer within 2 s';
    submitReply = () => envelopeResponse({ code: 1502, info: reason }, 502);
    renderForm();
    await waitFor(() => expect(screen.getByTestId('submit-partition').textContent).toContain('local'));
    await userEvent.click(screen.getByTestId('submit-job'));
    await waitFor(() => expect(screen.getByTestId('submit-refusal').textContent).toBe(`The scheduler is unreachable: ${reason}`));
  });
});
