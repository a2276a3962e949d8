import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { bindFeedback } from '../../../lib/feedback';
import { changeLanguage } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session-store';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { spyFeedback } from '../../../test/feedback-spy';
import { CommunityManage } from '../components/community-manage';
import { GroupInfoView } from '../components/group-info-view';
import { GroupManage } from '../components/group-manage';
import { UserDetailView } from '../components/user-detail-view';
import { UserManage } from '../components/user-manage';

let spies: ReturnType<typeof spyFeedback>;
beforeEach(() => {
  spies = spyFeedback();
});
afterEach(async () => {
  bindFeedback(null);
  vi.unstubAllGlobals();
  useSessionStore.setState({ token: null, permissions: null });
  await changeLanguage('en');
});

function renderIt(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <App>{node}</App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const group = { id: 1, name: 'demo-lab', description: 'the lab', member_count: 2, admins: ['demo-gadmin'], community_name: null, created_at: '2026-01-01T00:00:00Z' };

describe('user and group pages for someone who administers nobody', () => {
  for (const [name, node] of [
    ['user-manage', <UserManage key="u" />],
    ['group-manage', <GroupManage key="g" />],
    ['user-detail', <UserDetailView key="d" userName="demo-bound" />],
    ['group-info', <GroupInfoView key="i" groupName="demo-lab" />],
  ] as const) {
    it(`${name}: says "You administer no group", asks the server nothing and raises no error`, async () => {
      useSessionStore.setState({ token: 't', permissions: ['binded_account'] });
      const fetchMock = mockFetch(() => envelopeResponse({ code: 1403, info: 'forbidden' }, 403));
      renderIt(node);
      expect((await screen.findByTestId('admin-scope-noGroup')).textContent).toContain('You administer no group');
      expect(fetchMock).not.toHaveBeenCalled();
      expect(spies.notification.error).not.toHaveBeenCalled();
      expect(spies.message.error).not.toHaveBeenCalled();
    });
  }

  it('says it in Chinese too', async () => {
    await changeLanguage('zh');
    useSessionStore.setState({ token: 't', permissions: [] });
    mockFetch(() => envelopeResponse({ code: 1403, info: 'forbidden' }, 403));
    renderIt(<GroupManage />);
    expect((await screen.findByTestId('admin-scope-noGroup')).textContent).toContain('你没有管理任何用户组');
  });
});

describe("a group admin on another group's or user's page", () => {
  it('group-info: a 1403 becomes "You do not administer group …", without a toast', async () => {
    useSessionStore.setState({ token: 't', permissions: ['user_order_create_gadmin'] });
    mockFetch(() => envelopeResponse({ code: 1403, info: 'forbidden' }, 403));
    renderIt(<GroupInfoView groupName="other-lab" />);
    expect((await screen.findByTestId('admin-scope-notYourGroup')).textContent).toContain('You do not administer group other-lab');
    expect(spies.notification.error).not.toHaveBeenCalled();
    expect(spies.message.error).not.toHaveBeenCalled();
  });

  it('user-detail: a 1403 becomes "User … is not in a group you administer"', async () => {
    useSessionStore.setState({ token: 't', permissions: ['user_order_create_gadmin'] });
    mockFetch(() => envelopeResponse({ code: 1403, info: 'forbidden' }, 403));
    renderIt(<UserDetailView userName="admin" />);
    expect((await screen.findByTestId('admin-scope-notYourUser')).textContent).toContain('User admin is not in a group you administer');
  });
});

describe('group-manage and community-manage share one list screen', () => {
  it('group admins see their groups without create or delete', async () => {
    useSessionStore.setState({ token: 't', permissions: ['user_order_create_gadmin'] });
    const fetchMock = mockFetch(() => envelopeResponse({ code: 200, spec: { list: [group], total: 1 } }));
    renderIt(<GroupManage />);
    expect((await screen.findByTestId('group-link')).getAttribute('href')).toBe('/user-center/group-info/demo-lab');
    expect(screen.queryByTestId('group-manage-create')).toBeNull();
    expect(screen.queryByText('Delete')).toBeNull();
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/user/groups');
  });

  it('platform admins may create a group; community-manage lists communities with the same search and create', async () => {
    useSessionStore.setState({ token: 't', permissions: ['query_all_user', 'manage_all_user'] });
    const fetchMock = mockFetch((url) =>
      url.includes('/community/')
        ? envelopeResponse({ code: 200, spec: { list: [{ id: 4, name: 'north', description: '', groups: ['demo-lab'], admins: [], created_at: '2026-01-01T00:00:00Z' }], total: 1 } })
        : envelopeResponse({ code: 200, spec: { list: [group], total: 1 } }),
    );
    const { unmount } = renderIt(<GroupManage />);
    expect(await screen.findByTestId('group-manage-create')).toBeTruthy();
    unmount();
    renderIt(<CommunityManage />);
    expect(await screen.findByText('north')).toBeTruthy();
    expect(screen.getByTestId('community-manage-create')).toBeTruthy();
    expect(screen.getByTestId('community-groups').textContent).toContain('demo-lab');
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/community/user/communities'))).toBe(true));
  });

  it('a reader of all users (query_all_user alone) sees groups and communities but no create, delete or edit', async () => {
    useSessionStore.setState({ token: 't', permissions: ['query_all_user'] });
    mockFetch((url) =>
      url.includes('/community/')
        ? envelopeResponse({ code: 200, spec: { list: [{ id: 4, name: 'north', description: '', groups: ['demo-lab'], admins: [], created_at: '2026-01-01T00:00:00Z' }], total: 1 } })
        : envelopeResponse({ code: 200, spec: { list: [group], total: 1 } }),
    );
    const { unmount } = renderIt(<GroupManage />);
    expect(await screen.findByTestId('group-link')).toBeTruthy();
    expect(screen.queryByTestId('group-manage-create')).toBeNull();
    unmount();
    renderIt(<CommunityManage />);
    expect(await screen.findByText('north')).toBeTruthy();
    expect(screen.queryByTestId('community-manage-create')).toBeNull();
    expect(screen.getByTestId('community-groups').querySelector('input')).toBeNull();
    expect(screen.queryByText('Delete')).toBeNull();
  });
});
