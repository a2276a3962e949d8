import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bindFeedback } from '../../../lib/feedback';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { spyFeedback } from '../../../test/feedback-spy';
import { BindAccountForm } from '../components/bind-account-form';
import { fakeWebSocket, type Script } from './fake-websocket';

let feedback: ReturnType<typeof spyFeedback>;

beforeEach(() => {
  feedback = spyFeedback();
  mockFetch(() => envelopeResponse({ code: 200, kind: 'uuid', spec: { uuid: 'uuid-42', expires_at: '2030-01-01T00:00:00Z', proof_file: '.starlight-bind' } }));
});

afterEach(() => {
  bindFeedback(null);
  vi.unstubAllGlobals();
});

function renderForm(script: Script) {
  const fake = fakeWebSocket(script);
  const onBound = vi.fn();
  render(<BindAccountForm token="tok" onBound={onBound} WebSocketImpl={fake.WebSocketImpl} />);
  return { fake, onBound };
}

async function expectFieldError(text: string): Promise<void> {
  await waitFor(() => expect(document.querySelector('.ant-form-item-explain-error')?.textContent).toBe(text));
}

async function bindAs(name: string) {
  const user = userEvent.setup();
  if (name) await user.type(screen.getByTestId('bind-account'), name);
  await user.click(screen.getByTestId('bind-submit'));
}

describe('the bind form (spec §4, §5, §8)', () => {
  it('refuses an e-mail, a phone number and a name that is not three parts, before any call', async () => {
    const { fake } = renderForm({ reply: 'bound successfully, please log in again' });
    await bindAs('someone@example.com');
    await expectFieldError('The system account name must not be an email');
    await userEvent.clear(screen.getByTestId('bind-account'));
    await bindAs('13800000001');
    await expectFieldError('The system account name must not be a phone number');
    await userEvent.clear(screen.getByTestId('bind-account'));
    await bindAs('only_two');
    await expectFieldError('Three parts joined by underscores, e.g. abc_def_ghi');
    expect(fake.urls).toEqual([]);
  });

  it('asks for the name when it is empty', async () => {
    renderForm({ reply: 'x' });
    await bindAs('');
    await expectFieldError('Please enter the system account name');
  });

  it('gets a uuid, sends name:uuid, notifies success and logs out', async () => {
    const { fake, onBound } = renderForm({ reply: 'bound successfully, please log in again' });
    await bindAs('sl_demo_user');
    await waitFor(() => expect(onBound).toHaveBeenCalledTimes(1));
    expect(fake.sent).toEqual(['sl_demo_user:uuid-42']);
    expect(fake.urls[0]).toContain('/api/user/bind_status?token=tok');
    expect(feedback.message.success).toHaveBeenCalledWith('bound successfully, please log in again');
  });

  it('shows a refusal as an error with the server detail, and stays signed in', async () => {
    const { onBound } = renderForm({ reply: 'uuid already exists: sl_demo_user is bound to another user' });
    await bindAs('sl_demo_user');
    const alert = await screen.findByTestId('bind-outcome');
    expect(alert.getAttribute('data-kind')).toBe('refused');
    expect(alert.textContent).toContain('uuid already exists');
    expect(alert.textContent).toContain('bound to another user');
    expect(onBound).not.toHaveBeenCalled();
  });

  it('explains the ~/.starlight-bind proof when the server asks for it, and checks again with the same uuid', async () => {
    const { fake } = renderForm({ reply: 'username must be provided: write the uuid into ~/.starlight-bind of sl_demo_user on the cluster first (slurm: missing)' });
    await bindAs('sl_demo_user');
    const proof = await screen.findByTestId('bind-proof');
    expect(proof.textContent).toContain('echo uuid-42 > ~/.starlight-bind');
    await userEvent.click(screen.getByTestId('bind-submit'));
    await waitFor(() => expect(fake.sent).toEqual(['sl_demo_user:uuid-42', 'sl_demo_user:uuid-42']));
  });

  it('shows the connection texts of §8', async () => {
    renderForm({ refuse: true });
    await bindAs('sl_demo_user');
    expect((await screen.findByTestId('bind-outcome')).textContent).toContain('failed to connect to server, please refresh manually');
  });

  it('shows the interruption text when the socket closes without a reply', async () => {
    renderForm({ dropAfterOpen: true });
    await bindAs('sl_demo_user');
    expect((await screen.findByTestId('bind-outcome')).textContent).toContain('connection interrupted, please refresh manually');
  });
});
