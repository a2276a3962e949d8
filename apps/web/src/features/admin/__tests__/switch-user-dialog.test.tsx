import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { ApiError } from '../../../lib/api-error';
import { bindFeedback } from '../../../lib/feedback';
import { spyFeedback } from '../../../test/feedback-spy';
import { changeLanguage } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session-store';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { SwitchUserDialog, userSearchDelayMs } from '../components/switch-user-dialog';

afterEach(async () => {
  vi.unstubAllGlobals();
  bindFeedback(null);
  await changeLanguage('en');
});

function renderDialog(onSwitch = vi.fn(() => Promise.resolve())) {
  useSessionStore.setState({ token: 'admin-token' });
  render(
    <App>
      <SwitchUserDialog open onClose={vi.fn()} onSwitch={onSwitch} />
    </App>,
  );
  return onSwitch;
}

const submit = () => userEvent.setup().click(screen.getByRole('button', { name: /switch/i }));

describe('switch-user dialog (spec §4, §5)', () => {
  it('requires a user name, with the spec text in Chinese', async () => {
    const onSwitch = renderDialog();
    await submit();
    expect(await screen.findByText('The user name cannot be empty')).toBeTruthy();
    await changeLanguage('zh');
    await userEvent.setup().click(screen.getByRole('button', { name: /切\s*换/ }));
    expect(await screen.findByText('用户名不能为空')).toBeTruthy();
    expect(onSwitch).not.toHaveBeenCalled();
  });

  it('searches by part of the name once typing pauses for 200 ms', async () => {
    const fetchMock = mockFetch(() => envelopeResponse({ code: 200, spec: { list: [{ id: 3, user_name: 'demo-user' }], total: 1 } }));
    renderDialog();
    const started = Date.now();
    await userEvent.setup().type(screen.getByRole('combobox'), 'dem');
    if (Date.now() - started < userSearchDelayMs) expect(fetchMock).not.toHaveBeenCalled();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]?.[0]).toContain('field_lk_user_name=dem');
    expect((await screen.findAllByText('demo-user')).length).toBeGreaterThan(0);
  });

  it('switches with the typed name', async () => {
    mockFetch(() => envelopeResponse({ code: 200, spec: { list: [], total: 0 } }));
    const onSwitch = renderDialog();
    await userEvent.setup().type(screen.getByRole('combobox'), ' demo-bound ');
    await submit();
    await waitFor(() => expect(onSwitch).toHaveBeenCalledWith('demo-bound'));
  });

  it("shows 'operation failed' with the server's info when the switch is refused", async () => {
    mockFetch(() => envelopeResponse({ code: 200, spec: { list: [], total: 0 } }));
    const feedback = spyFeedback();
    renderDialog(vi.fn(() => Promise.reject(new ApiError({ code: 1409, info: 'the user is disabled', uuid: 'u', spec: null }))));
    await userEvent.setup().type(screen.getByRole('combobox'), 'demo-user');
    await submit();
    await waitFor(() => expect(feedback.notification.error).toHaveBeenCalledWith({ title: 'operation failed', description: 'the user is disabled' }));
  });
});
