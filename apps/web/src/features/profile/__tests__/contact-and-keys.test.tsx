import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { bindFeedback } from '../../../lib/feedback';
import { queryClient } from '../../../lib/query-client';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { spyFeedback } from '../../../test/feedback-spy';
import { ContactChangeForm } from '../components/contact-change-form';
import { SshKeysCard } from '../components/ssh-keys-card';

const wrap = (node: ReactNode) => render(<QueryClientProvider client={queryClient}>{node}</QueryClientProvider>);
const self = { id: 1, user_name: 'ada', uid: 'u', group_id: null, group_name: null, status: 0, email: 'a@b.cd', telephone: '13900001234', real_name: null, avatar: null, system_account: null, created_at: '2026-01-01T00:00:00Z', last_login_at: null };

beforeEach(() => {
  spyFeedback();
  queryClient.clear();
});
afterEach(() => {
  bindFeedback(null);
  vi.unstubAllGlobals();
});

describe('contact change form', () => {
  it('checks the number before sending, sends the code to the NEW number, counts down, then changes it', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url.endsWith('/telephone_modify_code')) return envelopeResponse({ code: 200, spec: { resend_after_s: 60, expires_in_s: 600 } });
      if (url.endsWith('/modify_user_telephone')) return envelopeResponse({ code: 200, spec: { email: 'a@b.cd', telephone: JSON.parse(String(init.body)).telephone } });
      return envelopeResponse({ code: 200, kind: 'user', spec: self });
    });
    const onDone = vi.fn();
    wrap(<ContactChangeForm kind="telephone" current="13800000001" onDone={onDone} />);
    const user = userEvent.setup();
    await user.type(screen.getByTestId('contact-new'), '14200000000');
    await user.click(screen.getByTestId('contact-send-code'));
    expect(await screen.findByText('Not a valid mobile number')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.clear(screen.getByTestId('contact-new'));
    await user.type(screen.getByTestId('contact-new'), '13900001234');
    await user.click(screen.getByTestId('contact-send-code'));
    await waitFor(() => expect(screen.getByTestId('contact-send-code').textContent).toMatch(/Resend in \d+ s/));
    expect(JSON.parse(String((fetchMock.mock.calls[0]?.[1] as RequestInit).body))).toEqual({ telephone: '13900001234' });
    await user.type(screen.getByTestId('contact-code'), '123456');
    await user.click(screen.getByTestId('contact-submit'));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/user/user/modify_user_telephone'))).toBe(true);
  });

  it('puts a wrong code on the code field and a taken address on the address field', async () => {
    mockFetch((url) => {
      if (url.endsWith('/email_modify_code')) return envelopeResponse({ code: 1409, info: 'The email has been registered', spec: { fields: [{ path: 'body.email', message: 'The email has been registered' }] } }, 409);
      return envelopeResponse({ code: 1400, info: 'bad code', spec: { fields: [{ path: 'body.verification_code', message: 'The verification code is incorrect or has expired' }] } }, 400);
    });
    wrap(<ContactChangeForm kind="email" current="a@b.cd" onDone={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByTestId('contact-new'), 'taken@example.com');
    await user.click(screen.getByTestId('contact-send-code'));
    expect(await screen.findByText('The email has been registered')).toBeTruthy();
    await user.type(screen.getByTestId('contact-code'), '000000');
    await user.click(screen.getByTestId('contact-submit'));
    expect(await screen.findByText('The verification code is incorrect or has expired')).toBeTruthy();
  });
});

describe('SSH keys card', () => {
  it('lists keys with their fingerprint and shows a refusal under the input', async () => {
    const keys = [{ id: 7, type: 'ssh-ed25519', fingerprint: 'SHA256:abc', comment: 'ada@laptop', created_at: '2026-01-01T00:00:00Z' }];
    mockFetch((url, init) =>
      init.method === 'POST'
        ? envelopeResponse({ code: 1400, info: 'Not an OpenSSH public key', spec: { fields: [{ path: 'body.public_key', message: 'Not an OpenSSH public key' }] } }, 400)
        : envelopeResponse({ code: 200, spec: url.includes('/user/key') ? keys : null }),
    );
    wrap(<SshKeysCard />);
    expect((await screen.findByTestId('ssh-key-row')).textContent).toContain('ada@laptop');
    expect(screen.getByTestId('ssh-key-fingerprint').textContent).toContain('SHA256:abc');
    const user = userEvent.setup();
    await user.type(screen.getByTestId('ssh-key-input'), 'garbage');
    await user.click(screen.getByTestId('ssh-key-add'));
    expect((await screen.findByTestId('ssh-key-error')).textContent).toBe('Not an OpenSSH public key');
  });
});
