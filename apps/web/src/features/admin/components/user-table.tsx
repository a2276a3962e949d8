import { Button, Popconfirm, Space, Table, Tag, Typography, type TableProps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@starlight/contract/admin';
import { formatDate } from '../../../lib/format';

export const userDetailPath = (userName: string) => `/user-center/user-detail/${encodeURIComponent(userName)}`;

interface UserTableProps {
  users: readonly AdminUser[];
  loading?: boolean;
  pagination?: TableProps<AdminUser>['pagination'];
  /** Row actions; left out for readers who may not change users. */
  onToggleDisabled?: (user: AdminUser) => void;
  onDelete?: (user: AdminUser) => void;
  /** Extra actions per row (group-info: promote / remove administrator). */
  extraActions?: (user: AdminUser) => React.ReactNode;
}

/** Users with their group, state and last sign-in; the name opens user-detail. */
export function UserTable({ users, loading, pagination = false, onToggleDisabled, onDelete, extraActions }: UserTableProps) {
  const { t } = useTranslation('admin');
  const hasActions = Boolean(onToggleDisabled || onDelete || extraActions);
  const columns: TableProps<AdminUser>['columns'] = [
    {
      key: 'user_name',
      title: t('users.columns.userName'),
      render: (_: unknown, user) => (
        <Link to={userDetailPath(user.user_name)} data-testid="user-link" data-user={user.user_name}>
          {user.user_name}
        </Link>
      ),
    },
    { key: 'real_name', title: t('users.columns.realName'), dataIndex: 'real_name', ellipsis: true, responsive: ['md'] },
    {
      key: 'group',
      title: t('users.columns.group'),
      render: (_: unknown, user) => (
        <Space size={4} wrap>
          {user.group_name ?? <Typography.Text type="secondary">—</Typography.Text>}
          {user.group_admin ? <Tag color="gold">{t('users.groupAdmin')}</Tag> : null}
        </Space>
      ),
    },
    {
      key: 'state',
      title: t('users.columns.state'),
      render: (_: unknown, user) => (
        <Tag color={user.disabled ? 'red' : 'green'} data-testid="user-state">
          {user.disabled ? t('users.state.disabled') : t('users.state.active')}
        </Tag>
      ),
    },
    { key: 'email', title: t('users.columns.email'), dataIndex: 'email', ellipsis: true, responsive: ['lg'] },
    {
      key: 'last_login',
      title: t('users.columns.lastLogin'),
      responsive: ['lg'],
      render: (_: unknown, user) => (user.last_login_at ? formatDate(user.last_login_at) : t('users.never')),
    },
    ...(hasActions
      ? [
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_: unknown, user: AdminUser) => (
              <Space size={0} wrap>
                {extraActions?.(user)}
                {onToggleDisabled ? (
                  <Button type="link" size="small" onClick={() => onToggleDisabled(user)} data-testid="user-toggle">
                    {user.disabled ? t('users.enable') : t('users.disable')}
                  </Button>
                ) : null}
                {onDelete ? (
                  <Popconfirm title={t('users.deleteConfirm', { name: user.user_name })} description={t('users.deleteHint')} onConfirm={() => onDelete(user)}>
                    <Button type="link" size="small" danger data-testid="user-delete">
                      {t('common.delete')}
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            ),
          },
        ]
      : []),
  ];
  return <Table<AdminUser> rowKey="id" size="middle" columns={columns} dataSource={[...users]} loading={loading} pagination={pagination} scroll={{ x: 'max-content' }} />;
}
