import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from '../../../lib/session-store';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { LoginForm } from '../components/login-form';
import { signedOutEachTest } from './signed-out';

const feedback = signedOutEachTest();

async function fillAndSubmit(name: string, password: string, remember = false) {
  const user = userEvent.setup();
  await user.type(screen.getByTestId('login-name'), name);
  await user.type(screen.getByTestId('login-password'), password);
  if (remember) await user.click(screen.getByTestId('login-remember'));
  await user.click(screen.getByTestId('login-submit'));
}

describe('login form', () => {
  it('shows wrong credentials (555) inside the form, not as a toast', async () => {
    mockFetch(() => envelopeResponse({ code: 555, info: 'invalid credentials' }, 401));
    render(<LoginForm crossDomain={false} onSuccess={vi.fn()} />);
    await fillAndSubmit('demo-user', 'Wrong-pass1');
    const alert = await screen.findByTestId('login-error');
    expect(alert.textContent).toContain('The account or password is incorrect.');
    expect(feedback().notification.error).not.toHaveBeenCalled();
  });

  it('shows too many failures (1429) inside the form', async () => {
    mockFetch(() => envelopeResponse({ code: 1429, info: 'slow down' }, 429));
    render(<LoginForm crossDomain={false} onSuccess={vi.fn()} />);
    await fillAndSubmit('demo-user', 'Wrong-pass1');
    expect((await screen.findByTestId('login-error')).textContent).toContain('Too many failed attempts');
  });

  it('checks the fields with the contract schema before calling the server', async () => {
    const fetchMock = mockFetch(() => envelopeResponse({ code: 200 }));
    render(<LoginForm crossDomain={false} onSuccess={vi.fn()} />);
    await userEvent.setup().click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-name-error')).textContent).toBe('email or phone number needed');
    expect(screen.getByTestId('login-password-error').textContent).toBe('Please enter the password');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logs in with the long-term call when remember me is ticked, then hands over', async () => {
    const fetchMock = mockFetch(() =>
      envelopeResponse({ code: 200, kind: 'token', spec: { token: 'tok', token_type: 'longTerm', expires_at: '2030-01-01T00:00:00Z' } }),
    );
    const onSuccess = vi.fn();
    render(<LoginForm crossDomain={false} onSuccess={onSuccess} />);
    await fillAndSubmit('admin@example.com', 'Secret-pass1', true);
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/keystone/long_term_token/name');
    expect(JSON.parse(String((fetchMock.mock.calls[0]?.[1] as RequestInit).body))).toEqual({ name: 'admin@example.com', password: 'Secret-pass1' });
    expect(useSessionStore.getState().token).toBe('tok');
  });
});
