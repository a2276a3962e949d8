import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@starlight/contract/users';
import { bindFeedback } from '../../../lib/feedback';
import { useSessionStore } from '../../../lib/session-store';
import { setInformed } from '../../../lib/token-storage';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { spyFeedback } from '../../../test/feedback-spy';
import { issueCloudToken } from '../api/cloud';
import { logout } from '../api/logout';

const user = (status: number): UserInfo => ({
  id: 1, user_name: 'ada', uid: 'u', group_id: null, group_name: null, status, email: null, telephone: null,
  real_name: null, avatar: null, system_account: null, created_at: '2026-01-01T00:00:00Z', last_login_at: null,
});

let feedback: ReturnType<typeof spyFeedback>;
beforeEach(() => {
  feedback = spyFeedback();
  setInformed(false);
});
afterEach(() => {
  bindFeedback(null);
  vi.unstubAllGlobals();
});

const calls = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit).method} ${String(url)}`);

describe('logout (spec §4)', () => {
  it('deletes the cloud cookie for a cloud-bound session (bit 64, not informed), ignoring its errors, then clears everything', async () => {
    useSessionStore.setState({ token: 'tok', user: user(65), permissions: ['binded_account'] });
    const fetchMock = mockFetch((url) => (url.endsWith('/keystone/cloud/cookie') ? envelopeResponse({ code: 1300, info: 'expired' }, 401) : envelopeResponse({ code: 200 })));
    await logout();
    expect(calls(fetchMock)).toEqual(['DELETE /api/keystone/cloud/cookie', 'POST /api/keystone/logout']);
    expect(useSessionStore.getState()).toMatchObject({ token: null, user: null, permissions: null });
    expect(feedback.notification.error).not.toHaveBeenCalled();
  });

  it('leaves the cloud cookie alone without bit 64, or once the user was informed of expiry', async () => {
    for (const [status, informed] of [[1, false], [64, true]] as const) {
      useSessionStore.setState({ token: 'tok', user: user(status), permissions: [] });
      setInformed(informed);
      const fetchMock = mockFetch(() => envelopeResponse({ code: 200 }));
      await logout();
      expect(calls(fetchMock)).toEqual(['POST /api/keystone/logout']);
    }
  });
});

describe('cloud token (spec §7)', () => {
  it('skips 1500 without telling anyone, and takes 11102 as done', async () => {
    useSessionStore.setState({ token: 'tok' });
    mockFetch(() => envelopeResponse({ code: 1500, info: 'down' }, 500));
    await expect(issueCloudToken()).rejects.toBeTruthy();
    mockFetch(() => envelopeResponse({ code: 11102, info: 'no cloud side is configured' }));
    await expect(issueCloudToken()).resolves.toBeUndefined();
    expect(feedback.notification.error).not.toHaveBeenCalled();
  });
});
