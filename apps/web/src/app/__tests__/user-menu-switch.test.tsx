import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bindFeedback } from '../../lib/feedback';
import { useSessionStore } from '../../lib/session-store';
import { writeToken } from '../../lib/token-storage';
import { spyFeedback } from '../../test/feedback-spy';
import { authorisedAccountsKey, baseTokenKey } from '../session/account-switch';
import { renderApp } from './render-app';

beforeEach(() => {
  spyFeedback();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // No server here: every call stays pending.
  vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
});

afterEach(() => {
  bindFeedback(null);
  vi.unstubAllGlobals();
  useSessionStore.setState({ token: null, permissions: null, user: null });
});

async function openUserMenu() {
  await userEvent.setup().click(await screen.findByTestId('user-menu'));
}

describe('user menu account switching (spec §4)', () => {
  it('offers Switch user to a holder of change_user only', async () => {
    writeToken('admin-token');
    useSessionStore.setState({ token: 'admin-token', permissions: ['change_user'] });
    renderApp('/dashboard');
    await openUserMenu();
    expect(await screen.findByTestId('user-menu-switch')).toBeTruthy();
    expect(screen.queryByTestId('user-menu-switch-back')).toBeNull();
  });

  it('hides Switch user without change_user', async () => {
    useSessionStore.setState({ token: 't', permissions: ['binded_account'] });
    renderApp('/dashboard');
    await openUserMenu();
    await screen.findByTestId('user-menu-logout');
    expect(screen.queryByTestId('user-menu-switch')).toBeNull();
  });

  it('while switched offers Switch back, and lists the authorised accounts with the current one disabled', async () => {
    window.localStorage.setItem(baseTokenKey, 'admin-token');
    window.sessionStorage.setItem(
      authorisedAccountsKey,
      JSON.stringify([
        { user_name: 'admin', token: 'admin-token' },
        { user_name: 'demo-user', token: 'user-token' },
      ]),
    );
    writeToken('user-token');
    useSessionStore.setState({ token: 'user-token', permissions: [] });
    renderApp('/dashboard');
    await openUserMenu();
    expect(await screen.findByTestId('user-menu-switch-back')).toBeTruthy();
    expect(screen.queryByTestId('user-menu-switch')).toBeNull();
    await userEvent.setup().hover(screen.getByText('Authorised accounts'));
    await waitFor(() => expect(screen.getAllByTestId('authorised-account').map((el) => el.textContent)).toEqual(['admin', 'demo-user']));
    const current = screen.getAllByTestId('authorised-account')[1]?.closest('li');
    expect(current?.getAttribute('aria-disabled')).toBe('true');
    expect(within(document.body).getAllByTestId('authorised-account')[0]?.closest('li')?.getAttribute('aria-disabled')).not.toBe('true');
  });

  it('lists no accounts when there is only one', async () => {
    window.sessionStorage.setItem(authorisedAccountsKey, JSON.stringify([{ user_name: 'admin', token: 'admin-token' }]));
    useSessionStore.setState({ token: 'admin-token', permissions: ['change_user'] });
    renderApp('/dashboard');
    await openUserMenu();
    await screen.findByTestId('user-menu-switch');
    expect(screen.queryByText('Authorised accounts')).toBeNull();
  });
});
