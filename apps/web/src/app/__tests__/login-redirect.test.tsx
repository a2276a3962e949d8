import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { browser } from '../../lib/browser';
import { bindFeedback } from '../../lib/feedback';
import { useSessionStore } from '../../lib/session-store';
import { spyFeedback } from '../../test/feedback-spy';
import { renderApp } from './render-app';
import { decideLoginPage } from '../guards/navigation-rules';
import { afterLoginPath } from '../pages/login';

const domain = 'example.com';

describe('login page rule (spec §2)', () => {
  it('shows the page to a visitor', () => {
    expect(decideLoginPage(false, '?redirect=/starlight&redirect_url=https://a.example.com/', domain)).toEqual({ kind: 'show' });
  });

  it('sends a logged-in user to /', () => {
    expect(decideLoginPage(true, '?redirect=/job/myjobs', domain)).toEqual({ kind: 'home' });
  });

  it('sends a logged-in user to a redirect_url on the provider domain when redirect=/starlight', () => {
    expect(decideLoginPage(true, '?redirect=/starlight&redirect_url=https%3A%2F%2Fwiki.example.com%2Fcb', domain)).toEqual({
      kind: 'external',
      url: 'https://wiki.example.com/cb',
    });
  });

  it('refuses a redirect_url off the provider domain', () => {
    expect(decideLoginPage(true, '?redirect=/starlight&redirect_url=https://example.com.evil.net/', domain)).toEqual({ kind: 'home' });
  });

  it('needs redirect to be exactly /starlight', () => {
    expect(decideLoginPage(true, '?redirect=/other&redirect_url=https://wiki.example.com/', domain)).toEqual({ kind: 'home' });
  });

  it('follows only same-site paths after login', () => {
    expect(afterLoginPath('?redirect=%2Fjob%2Fmyjobs%3Fa%3D1')).toBe('/job/myjobs?a=1');
    expect(afterLoginPath('?redirect=//evil.net/x')).toBe('/');
    expect(afterLoginPath('?redirect=/starlight')).toBe('/');
  });
});

describe('login pages for a signed-in user', () => {
  beforeEach(() => {
    spyFeedback();
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    useSessionStore.setState({ token: 'token-abc', permissions: [''] });
  });

  afterEach(() => {
    bindFeedback(null);
    vi.unstubAllGlobals();
    vi.useRealTimers();
    useSessionStore.setState({ token: null, permissions: null, user: null });
  });

  it.each(['/login', '/wx-login', '/vc-login'])('sends %s to / (then the dashboard)', async (path) => {
    const { router } = renderApp(path);
    // the first case loads the lazy dashboard route cold: on a loaded machine that takes more than waitFor's 1 s
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 10_000 });
  });

  it('shows a notice and leaves for the redirect_url after 2 seconds (jsdom runs on localhost)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const target = 'http://localhost:9000/sso/callback';
    renderApp(`/login?redirect=/starlight&redirect_url=${encodeURIComponent(target)}`);
    expect(screen.getByTestId('starlight-redirect')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(1999);
    });
    expect(assign).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(assign).toHaveBeenCalledWith(target);
  });
});
