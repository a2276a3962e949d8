import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { bindFeedback } from '../../../lib/feedback';
import { browser } from '../../../lib/browser';
import { useSessionStore } from '../../../lib/session-store';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { spyFeedback } from '../../../test/feedback-spy';
import { ExternalLogin } from '../components/external-login';

const renderLogin = (kind: 'wechat' | 'oidc', search: string, onSignedIn = vi.fn(async () => undefined)) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ExternalLogin kind={kind} search={search} onSignedIn={onSignedIn} />
    </QueryClientProvider>,
  );

beforeEach(() => {
  spyFeedback();
  useSessionStore.setState({ token: null, permissions: null, user: null });
});
afterEach(() => {
  bindFeedback(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/vc-login and /wx-login', () => {
  it('says so when the admin has not configured the provider', async () => {
    mockFetch(() => envelopeResponse({ code: 200, spec: { kind: 'oidc', name: '', enabled: false } }));
    renderLogin('oidc', '');
    expect((await screen.findByTestId('external-login-unavailable')).textContent).toContain('not set up');
  });

  it("sends the browser to the provider's authorization URL", async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    mockFetch((url) =>
      url.endsWith('/start')
        ? envelopeResponse({ code: 200, spec: { authorization_url: 'https://idp.example.org/auth?state=s', embed_url: null, state: 's' } })
        : envelopeResponse({ code: 200, spec: { kind: 'oidc', name: 'Campus ID', enabled: true } }),
    );
    renderLogin('oidc', '');
    await userEvent.click(await screen.findByTestId('external-login-go'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.example.org/auth?state=s'));
    expect(screen.getByTestId('external-login-go').textContent).toContain('Campus ID');
  });

  it('shows the WeChat QR page in a frame, with a link to open it', async () => {
    mockFetch((url) =>
      url.endsWith('/start')
        ? envelopeResponse({ code: 200, spec: { authorization_url: 'https://open.weixin.qq.com/connect/qrconnect?appid=wx#wechat_redirect', embed_url: 'https://open.weixin.qq.com/connect/qrconnect?appid=wx&login_type=jssdk', state: 's' } })
        : envelopeResponse({ code: 200, spec: { kind: 'wechat', name: 'WeChat', enabled: true } }),
    );
    renderLogin('wechat', '');
    const link = await screen.findByTestId('wechat-qr-link');
    expect(link.getAttribute('href')).toContain('#wechat_redirect');
    expect(screen.getByTitle('Sign in with WeChat').getAttribute('src')).toContain('login_type=jssdk');
  });

  it('trades the returned code and state for a token and signs in', async () => {
    const fetchMock = mockFetch((url) =>
      url.endsWith('/callback')
        ? envelopeResponse({ code: 200, kind: 'token', spec: { token: 'tok-ext', token_type: 'shortTerm', expires_at: '2030-01-01T00:00:00Z' } })
        : envelopeResponse({ code: 200, spec: { kind: 'oidc', name: 'Campus ID', enabled: true } }),
    );
    const onSignedIn = vi.fn(async () => undefined);
    renderLogin('oidc', '?code=c1&state=s1', onSignedIn);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(useSessionStore.getState().token).toBe('tok-ext');
    const callback = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/keystone/external/oidc/callback'));
    expect(JSON.parse(String(callback?.[1]?.body))).toEqual({ code: 'c1', state: 's1' });
  });

  it("shows the provider's refusal and signs nobody in", async () => {
    mockFetch((url) =>
      url.endsWith('/callback')
        ? envelopeResponse({ code: 1403, info: 'no Starlight account is linked to this Campus ID account' }, 403)
        : envelopeResponse({ code: 200, spec: { kind: 'oidc', name: 'Campus ID', enabled: true } }),
    );
    renderLogin('oidc', '?code=c1&state=s1');
    expect((await screen.findByTestId('external-login-error')).textContent).toContain('no Starlight account is linked');
    expect(useSessionStore.getState().token).toBeNull();
  });
});
