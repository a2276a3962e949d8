import { browser } from '../../lib/browser';
import { onSessionChange } from '../../lib/session-store';
import { readToken, writeToken } from '../../lib/token-storage';
import { changeUser, endSwitchedSession } from '../../features/admin/api/switch-user';
import { useVisitedViews } from '../layout/tags-view/visited-views-store';

/** Spec §4: the admin's own token while switched to another user. */
export const baseTokenKey = 'baseToken';
/** Spec §3: the authorised accounts, kept per (browser) session. */
export const authorisedAccountsKey = 'authorisedAccounts';

export interface AuthorisedAccount {
  user_name: string;
  token: string;
}

export function readBaseToken(): string | null {
  try {
    return window.localStorage.getItem(baseTokenKey);
  } catch {
    return null;
  }
}

export function readAuthorisedAccounts(): AuthorisedAccount[] {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(authorisedAccountsKey) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((a): a is AuthorisedAccount => typeof a?.user_name === 'string' && typeof a?.token === 'string')
      : [];
  } catch {
    return [];
  }
}

function writeAuthorisedAccounts(accounts: AuthorisedAccount[]): void {
  window.sessionStorage.setItem(authorisedAccountsKey, JSON.stringify(accounts));
}

function remember(accounts: AuthorisedAccount[], account: AuthorisedAccount): AuthorisedAccount[] {
  return [...accounts.filter((a) => a.user_name !== account.user_name), account];
}

const reload = () => browser.assign(window.location.href);

/**
 * Spec §4: switch to `userName`. The current token is saved as the base token (unless one is
 * saved already), the session token replaced, both accounts remembered, and the page reloaded.
 * Rejects with the server's ApiError; nothing is changed then.
 */
export async function switchToUser(userName: string, currentUserName: string): Promise<void> {
  const token = await changeUser(userName);
  const current = readToken();
  if (current && !readBaseToken()) window.localStorage.setItem(baseTokenKey, current);
  let accounts = readAuthorisedAccounts();
  if (current) accounts = remember(accounts, { user_name: currentUserName, token: current });
  writeAuthorisedAccounts(remember(accounts, { user_name: userName, token }));
  writeToken(token);
  reload();
}

/** Spec §4 'Switch back to admin': restores the base token, clears the visited views, reloads. */
export async function switchBack(): Promise<void> {
  const base = readBaseToken();
  if (!base) return;
  const switched = readToken();
  await endSwitchedSession().catch(() => undefined);
  window.localStorage.removeItem(baseTokenKey);
  writeAuthorisedAccounts(readAuthorisedAccounts().filter((a) => a.token !== switched || a.token === base));
  writeToken(base);
  useVisitedViews.getState().reset();
  reload();
}

/** Spec §4: switching by a stored token from the authorised-accounts list. */
export function switchToStoredAccount(account: AuthorisedAccount): void {
  if (account.token === readToken()) return;
  if (account.token === readBaseToken()) window.localStorage.removeItem(baseTokenKey);
  writeToken(account.token);
  useVisitedViews.getState().reset();
  reload();
}

// Signing out ends the switched session too: the base token and the accounts list go with it.
onSessionChange((event) => {
  if (event !== 'cleared') return;
  try {
    window.localStorage.removeItem(baseTokenKey);
    window.sessionStorage.removeItem(authorisedAccountsKey);
  } catch {
    // storage blocked: nothing was kept
  }
});
