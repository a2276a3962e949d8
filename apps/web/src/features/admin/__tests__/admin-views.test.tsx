import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import dayjs from 'dayjs';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { permissionMeanings } from '@starlight/contract/permission-meanings';
import { changeLanguage } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session-store';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { buildUserQuery } from '../api/get-users';
import { AuditAdmin, buildAuditQuery } from '../components/audit-admin';
import { OperationManage } from '../components/operation-manage';
import { KeyChecklist } from '../components/role-manage';
import { UserManage } from '../components/user-manage';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

function renderWithClient(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <App>{node}</App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('admin list queries', () => {
  it('sends the user search as field_lk_user_name and drops empty filters', () => {
    expect(buildUserQuery({ page: 2, pageSize: 50, name: ' dem ', group: '' })).toEqual({
      page: 2,
      page_size: 50,
      field_lk_user_name: 'dem',
      field_eq_group_name: '',
      field_eq_state: undefined,
    });
  });

  it('sends the audit filters with the time range as ISO instants', () => {
    const from = dayjs('2026-01-02T03:04:05Z');
    const to = dayjs('2026-01-03T00:00:00Z');
    expect(buildAuditQuery({ page: 1, pageSize: 20, actor: ' admin ', target: '', action: 'user_create', result: 'failed', range: [from, to] })).toEqual({
      page: 1,
      page_size: 20,
      field_lk_user_name: 'admin',
      field_lk_target: undefined,
      field_eq_action: 'user_create',
      field_eq_result: 'failed',
      start_time: '2026-01-02T03:04:05.000Z',
      end_time: '2026-01-03T00:00:00.000Z',
    });
  });
});

describe('role-manage and operation-manage speak the current language', () => {
  it('shows each key with its meaning in Chinese', async () => {
    await changeLanguage('zh');
    render(<KeyChecklist value={['query_others_job']} />);
    expect(screen.getByText(permissionMeanings.query_others_job.zh)).toBeTruthy();
    expect(screen.queryByText('binded_account')).toBeNull();
  });

  it('lists the catalogue from the server with the meaning in Japanese', async () => {
    await changeLanguage('ja');
    mockFetch(() =>
      envelopeResponse({ code: 200, spec: [{ key: 'query_all_audit', meanings: permissionMeanings.query_all_audit, routes: ['/audit/audit-admin'], role_count: 2, grantable: true }] }),
    );
    renderWithClient(<OperationManage />);
    expect(await screen.findByText(permissionMeanings.query_all_audit.ja)).toBeTruthy();
  });
});

describe('user-manage and audit-admin', () => {
  it('lists users with state and group admin, and offers create only to administrators', async () => {
    useSessionStore.setState({ token: 't', permissions: ['user_order_create_gadmin'] });
    mockFetch(() =>
      envelopeResponse({
        code: 200,
        spec: {
          list: [
            { id: 1, user_name: 'demo-gadmin', real_name: null, email: null, telephone: null, group_id: 1, group_name: 'demo-lab', status: 1, system_account: 'x_y_z', disabled: false, group_admin: true, created_at: '2026-01-01T00:00:00Z', last_login_at: null },
            { id: 2, user_name: 'demo-bound', real_name: null, email: null, telephone: null, group_id: 1, group_name: 'demo-lab', status: 1, system_account: null, disabled: true, group_admin: false, created_at: '2026-01-01T00:00:00Z', last_login_at: null },
          ],
          total: 2,
        },
      }),
    );
    renderWithClient(<UserManage />);
    expect(await screen.findByText('demo-gadmin')).toBeTruthy();
    expect(screen.getByText('group admin')).toBeTruthy();
    expect(screen.getAllByTestId('user-state').map((el) => el.textContent)).toEqual(['Active', 'Disabled']);
    expect(screen.getByTestId('user-create')).toBeTruthy();
    expect(screen.queryByText('Import CSV')).toBeNull();
  });

  it('shows who acted, for whom, and the real user behind a switched session', async () => {
    mockFetch(() =>
      envelopeResponse({
        code: 200,
        spec: {
          list: [{ id: 9, action: 'impersonated_request', result: 'ok', user_name: 'demo-user', impersonator_name: 'admin', target: 'route:GET /api/user/user/self', ip: '10.0.0.1', user_agent: 'x', detail: '', created_at: '2026-01-01T00:00:00Z' }],
          total: 1,
        },
      }),
    );
    renderWithClient(<AuditAdmin />);
    expect((await screen.findByTestId('audit-row-actor')).textContent).toBe('demo-user (by admin)');
    expect(screen.getByTestId('audit-row-action').textContent).toBe('Request as switched user');
  });
});
