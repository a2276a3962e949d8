import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MessageTemplate, TemplateSendState } from '@starlight/contract/message-templates';
import { useSessionStore } from '../../../lib/session-store';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { MessageTemplates, TemplatePreview } from '../components/message-templates';

beforeEach(() => useSessionStore.setState({ token: 'token-abc' }));
afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ token: null });
});

const ok = (spec: unknown) => envelopeResponse({ code: 200, spec });
const renderIn = (node: React.ReactNode) => render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{node}</QueryClientProvider>);

const template: MessageTemplate = { id: 7, name: 'maintenance', channel: 'in_app', title: 'Hi {{user_name}}', content: '<p>Dear {{real_name}}</p>', variables: ['user_name', 'real_name'], updated_at: new Date().toISOString() };

describe('message templates', () => {
  it('previews with sample values through the sanitised renderer', () => {
    renderIn(<TemplatePreview template={{ channel: 'in_app', title: 'Hi {{user_name}}', content: '<p onclick="alert(1)">Dear {{real_name}}<img src=x onerror=alert(2)><a href="javascript:alert(3)">x</a></p>' }} />);
    expect(screen.getByTestId('template-preview-title').textContent).toBe('Hi alice');
    const html = screen.getByTestId('template-preview-html');
    expect(html.textContent).toContain('Dear Alice Zhang');
    expect(html.innerHTML).not.toMatch(/onclick|onerror|<img|javascript:/);
  });

  it('sends a template to a group and shows the progress until done', async () => {
    let polls = 0;
    const state = (delivered: number, done: boolean): TemplateSendState => ({ id: 3, template_id: 7, template_name: 'maintenance', state: done ? 'done' : 'pending', total: 2, delivered, created_at: new Date().toISOString(), finished_at: null });
    const fetchMock = mockFetch((url, init) => {
      if (url.includes('/message/template/send/3')) return ok(state(++polls > 1 ? 2 : 1, polls > 1));
      if (url.includes('/message/template/send')) return ok(state(0, false));
      if (url.includes('/user/groups')) return ok({ list: [{ id: 4, name: 'physics', description: '', member_count: 2, admins: [], community_name: null, created_at: new Date().toISOString() }], total: 1 });
      if (url.includes('/message/template')) return ok({ list: [template], total: 1 });
      throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
    });
    const user = userEvent.setup();
    renderIn(<MessageTemplates />);
    await screen.findByText('maintenance', {}, { timeout: 3000 });
    await user.click(await screen.findByTestId('template-send'));
    await user.click(screen.getByTestId('send-target-groups').closest('label')!);
    await user.click(within(screen.getByTestId('template-send-recipients')).getByRole('combobox'));
    await user.click(await screen.findByText('physics'));
    await user.click(screen.getByTestId('template-send-start'));
    await waitFor(() => expect(screen.getByTestId('template-send-progress').getAttribute('data-state')).toBe('done'), { timeout: 5000 });
    const sent = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/message/template/send') && (init as RequestInit).method === 'POST');
    expect(JSON.parse(String((sent![1] as RequestInit).body))).toEqual({ template_id: 7, group_ids: [4], values: {} });
  });
});
