import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { LoginForm } from '../components/login-form';
import { signedOutEachTest } from './signed-out';

const feedback = signedOutEachTest();

const svg = '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>';

describe('login form: captcha after repeated failures', () => {
  it('shows the captcha inside the form when the server asks for one, and sends the answer with the next try', async () => {
    let captchas = 0;
    const fetchMock = mockFetch((url, init) => {
      if (url.endsWith('/keystone/captcha')) return envelopeResponse({ code: 200, kind: 'captcha', spec: { id: `cap-${++captchas}`, svg } });
      const sent = JSON.parse(String(init?.body)) as Record<string, unknown>;
      if (sent.captcha_id === 'cap-1' && sent.captcha_answer === 'k7pw')
        return envelopeResponse({ code: 200, kind: 'token', spec: { token: 'tok', token_type: 'shortTerm', expires_at: '2030-01-01T00:00:00Z' } });
      return envelopeResponse({ code: 555, info: 'incorrect user name or password', spec: { captcha_required: true } }, 401);
    });
    const onSuccess = vi.fn();
    render(<LoginForm crossDomain={false} onSuccess={onSuccess} />);
    const user = userEvent.setup();
    expect(screen.queryByTestId('login-captcha')).toBeNull();
    await user.type(screen.getByTestId('login-name'), 'demo-user');
    await user.type(screen.getByTestId('login-password'), 'Wrong-pass1');
    await user.click(screen.getByTestId('login-submit'));
    const image = await screen.findByTestId('login-captcha-image');
    expect(image.getAttribute('data-captcha-id')).toBe('cap-1');
    expect(screen.getByTestId('login-error').textContent).toContain('incorrect');
    // an empty answer is caught in the form, without a call
    const calls = fetchMock.mock.calls.length;
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('login-captcha-error')).toBeTruthy();
    expect(fetchMock.mock.calls.length).toBe(calls);
    await user.type(screen.getByTestId('login-captcha-answer'), 'k7pw');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(feedback().notification.error).not.toHaveBeenCalled();
  });

  it('says a captcha is needed (not a wrong password) when that is the refusal, and refreshes the one-use picture', async () => {
    let captchas = 0;
    mockFetch((url) =>
      url.endsWith('/keystone/captcha')
        ? envelopeResponse({ code: 200, kind: 'captcha', spec: { id: `cap-${++captchas}`, svg } })
        : envelopeResponse({ code: 555, info: 'please complete the human verification', spec: { captcha_required: true } }, 401),
    );
    render(<LoginForm crossDomain={false} onSuccess={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByTestId('login-name'), 'demo-user');
    await user.type(screen.getByTestId('login-password'), 'Right-pass1');
    await user.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toContain('Enter the characters in the picture');
    await user.type(await screen.findByTestId('login-captcha-answer'), 'abcd');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.getByTestId('login-captcha-image').getAttribute('data-captcha-id')).toBe('cap-2'));
  });
});
