import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { InteractiveApp } from '@starlight/contract/interactive';
import { bindFeedback } from '../../../lib/feedback';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { spyFeedback } from '../../../test/feedback-spy';
import { LaunchSessionForm } from '../components/launch-session-form';

const apps: InteractiveApp[] = [
  {
    id: 'jupyter',
    kind: 'interactive',
    title: 'Jupyter Notebook',
    description: '',
    icon: '📓',
    labels: [],
    installed: true,
    packages: [],
    fields: [{ name: 'python_path', label: 'Extra Python module path', kind: 'text', max_length: 512, default: '' }],
  },
  {
    id: 'desktop',
    kind: 'interactive',
    title: 'Remote desktop',
    description: '',
    icon: '🖥️',
    labels: [],
    installed: true,
    packages: [],
    fields: [{ name: 'resolution', label: 'Resolution', kind: 'select', options: ['1024x768', '1280x800'], default: '1280x800' }],
  },
];
let posted: { app: string; fields: Record<string, string> }[];

beforeEach(() => {
  spyFeedback();
  posted = [];
  mockFetch((url, init) => {
    if (url.endsWith('/session/apps')) return envelopeResponse({ code: 200, spec: apps });
    if (url.endsWith('/session/sessions') && init.method === 'POST') {
      posted.push(JSON.parse(String(init.body)) as (typeof posted)[number]);
      return envelopeResponse({ code: 1404, info: 'stop here' }, 404);
    }
    return envelopeResponse({ code: 1404, info: 'not found' }, 404);
  });
});

afterEach(() => {
  bindFeedback(null);
  vi.unstubAllGlobals();
});

function renderForm(initialApp?: 'jupyter' | 'desktop') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LaunchSessionForm partitions={[{ cluster: 'local', name: 'local', isDefault: true }]} initialApp={initialApp} />
    </QueryClientProvider>,
  );
}

describe('the interactive launch form', () => {
  it("builds the app's own fields from its definition and sends what was chosen (the catalogue's app preselected)", async () => {
    renderForm('desktop');
    await waitFor(() => expect(screen.getByTestId('launch-resolution').textContent).toContain('1280x800'));
    const user = userEvent.setup();
    await user.click(screen.getByTestId('launch-resolution').querySelector('.ant-select-content, .ant-select-selector') ?? screen.getByTestId('launch-resolution'));
    await user.click(await screen.findByText('1024x768', { selector: '.ant-select-item-option-content' }));
    await user.click(screen.getByTestId('launch-submit'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ app: 'desktop', partition: 'local', fields: { resolution: '1024x768' } });
  }, 40_000);

  it('sends a text field as typed, and refuses control characters before sending', async () => {
    renderForm();
    const input = (await screen.findByTestId('launch-python_path')) as HTMLInputElement;
    const user = userEvent.setup();
    await user.type(input, '/opt/x $(id); "q"');
    await user.click(screen.getByTestId('launch-submit'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ app: 'jupyter', fields: { python_path: '/opt/x $(id); "q"' } });
    await user.clear(input);
    await user.click(input);
    await user.paste('a\u001bb');
    await user.click(screen.getByTestId('launch-submit'));
    await waitFor(() => expect(input.closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')?.textContent).toContain('Control characters'));
    expect(posted).toHaveLength(1);
  }, 40_000);
});
