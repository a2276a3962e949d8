import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { tokenStorageKey } from '../../../lib/token-storage';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { getPermissions } from '../api/get-permissions';
import { login, loginAndStore, LoginRefusedError } from '../api/login';
import { signedOutEachTest } from './signed-out';

const feedback = signedOutEachTest();

describe('login and permissions (spec §4)', () => {
  it('tolerates 555 on login: a LoginRefusedError for the form, no toast', async () => {
    mockFetch(() => envelopeResponse({ code: 555, info: 'wrong name or password' }, 401));
    const error = await login({ name: 'demo-user', password: 'secret', tokenType: 'shortTerm' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LoginRefusedError);
    expect(error).toMatchObject({ code: 555 });
    expect(feedback().notification.error).not.toHaveBeenCalled();
    expect(feedback().modal.confirm).not.toHaveBeenCalled();
  });

  it('accepts only code 200 with kind token', async () => {
    mockFetch(() => envelopeResponse({ code: 200, kind: 'user', spec: { token: 't' } }));
    await expect(login({ name: 'demo-user', password: 'secret', tokenType: 'shortTerm' })).rejects.toBeInstanceOf(LoginRefusedError);
  });

  it('uses the long-term call for remember me', async () => {
    const fetchMock = mockFetch(() =>
      envelopeResponse({ code: 200, kind: 'token', spec: { token: 'long', token_type: 'longTerm', expires_at: '2030-01-01T00:00:00Z' } }),
    );
    const result = await login({ name: 'demo-user', password: 'secret', tokenType: 'longTerm' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/keystone/long_term_token/name');
    expect(result.token).toBe('long');
  });

  it('stores the token and clears the informed flag on success', async () => {
    window.sessionStorage.setItem('informed', 'true');
    mockFetch(() => envelopeResponse({ code: 200, kind: 'token', spec: { token: 'fresh', token_type: 'shortTerm', expires_at: '2030-01-01T00:00:00Z' } }));
    await loginAndStore({ name: 'demo-user', password: 'secret', tokenType: 'shortTerm' });
    expect(useSessionStore.getState().token).toBe('fresh');
    expect(window.sessionStorage.getItem('informed')).toBe('false');
  });

  it('restores a backed-up token first, then removes it', async () => {
    window.localStorage.setItem('backToken', 'admin-token');
    const fetchMock = mockFetch(() => envelopeResponse({ code: 555 }, 401));
    await login({ name: 'demo-user', password: 'secret', tokenType: 'shortTerm' }).catch(() => undefined);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem(tokenStorageKey)).toBe('admin-token');
    expect(useSessionStore.getState().token).toBe('admin-token');
    expect(window.localStorage.getItem('backToken')).toBeNull();
  });

  it("leaves the permission list [''] when the fetch fails", async () => {
    mockFetch(() => envelopeResponse({ code: 1500, info: 'db down' }, 500));
    expect(await getPermissions()).toEqual(['']);
  });
});
