import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { clearSession, useSessionStore } from '../../lib/session-store';
import { readToken, writeToken } from '../../lib/token-storage';
import { envelopeResponse, mockFetch } from '../../test/fetch-mock';
import { useVisitedViews } from '../layout/tags-view/visited-views-store';
import { baseTokenKey, readAuthorisedAccounts, readBaseToken, switchBack, switchToStoredAccount, switchToUser } from '../session/account-switch';

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  writeToken('admin-token');
  useSessionStore.setState({ token: 'admin-token' });
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  assign.mockRestore();
});

describe('account switching (spec §4)', () => {
  it('saves the current token as base token, replaces the session token and reloads', async () => {
    const fetchMock = mockFetch(() => envelopeResponse({ code: 200, kind: 'token', spec: 'user-token' }));
    await switchToUser('demo-user', 'admin');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toContain('/keystone/short_term_token/change_user');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ user_name: 'demo-user' });
    expect(readBaseToken()).toBe('admin-token');
    expect(readToken()).toBe('user-token');
    expect(readAuthorisedAccounts()).toEqual([
      { user_name: 'admin', token: 'admin-token' },
      { user_name: 'demo-user', token: 'user-token' },
    ]);
    expect(assign).toHaveBeenCalledWith(window.location.href);
  });

  it('changes nothing when the server refuses', async () => {
    mockFetch(() => envelopeResponse({ code: 1403, info: 'permission denied' }, 403));
    await expect(switchToUser('admin2', 'admin')).rejects.toMatchObject({ code: 1403, info: 'permission denied' });
    expect(readBaseToken()).toBeNull();
    expect(readToken()).toBe('admin-token');
    expect(assign).not.toHaveBeenCalled();
  });

  it('switching back ends the switched session, restores the base token, clears visited views and reloads', async () => {
    mockFetch(() => envelopeResponse({ code: 200, kind: 'token', spec: 'user-token' }));
    await switchToUser('demo-user', 'admin');
    useVisitedViews.getState().addView({ path: '/job/list', fullPath: '/job/list', name: 'job-list', title: 'x' });
    const fetchMock = mockFetch(() => envelopeResponse({ code: 200, spec: null }));
    useSessionStore.setState({ token: 'user-token' });
    await switchBack();
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('DELETE');
    expect(readToken()).toBe('admin-token');
    expect(readBaseToken()).toBeNull();
    expect(useVisitedViews.getState().visitedViews).toEqual([]);
    expect(readAuthorisedAccounts().map((a) => a.user_name)).toEqual(['admin']);
    expect(assign).toHaveBeenCalledTimes(2);
  });

  it('switches by a stored token, and not to the current one', () => {
    window.localStorage.setItem(baseTokenKey, 'admin-token');
    writeToken('user-token');
    switchToStoredAccount({ user_name: 'demo-user', token: 'user-token' });
    expect(assign).not.toHaveBeenCalled();
    switchToStoredAccount({ user_name: 'admin', token: 'admin-token' });
    expect(readToken()).toBe('admin-token');
    expect(readBaseToken()).toBeNull();
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('signing out forgets the base token and the accounts', async () => {
    mockFetch(() => envelopeResponse({ code: 200, kind: 'token', spec: 'user-token' }));
    await switchToUser('demo-user', 'admin');
    clearSession();
    expect(readBaseToken()).toBeNull();
    expect(readAuthorisedAccounts()).toEqual([]);
  });
});
