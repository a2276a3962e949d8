import { useEffect, useState } from 'react';
import { PermissionTag } from '../../../components/permission-label';
import { Button, Card, Descriptions, Empty, Flex, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { feedback } from '../../../lib/feedback';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { useHasAnyPermission } from '../../../lib/permissions';
import { useRoles } from '../api/get-roles';
import { useUserDetail } from '../api/get-users';
import { useSetGroupAdmin, useSetUserRoles, useUpdateUser } from '../api/manage-users';
import { AdminScopeEmpty, isForbidden, useAdminReach } from './admin-scope-empty';

/** user-detail/:username: the user, their roles (editable with query_role), groups administered and keys. */
export function UserDetailView({ userName }: { userName: string }) {
  const reach = useAdminReach();
  if (reach === 'pending') return <Skeleton active />;
  if (reach === 'none') return <AdminScopeEmpty reason="noGroup" />;
  return <UserDetail userName={userName} />;
}

function UserDetail({ userName }: { userName: string }) {
  const { t } = useTranslation('admin');
  const detail = useUserDetail(userName);
  const canRoles = useHasAnyPermission(['query_role']);
  const canWrite = useHasAnyPermission(['manage_all_user', 'user_order_create_gadmin']);
  const roles = useRoles();
  const setRoles = useSetUserRoles();
  const update = useUpdateUser();
  const groupAdmin = useSetGroupAdmin();
  const [chosen, setChosen] = useState<string[]>([]);
  const user = detail.data;
  useEffect(() => setChosen(user?.roles.map((r) => r.name) ?? []), [user]);

  if (detail.isLoading) return <Skeleton active />;
  if (isForbidden(detail.error)) return <AdminScopeEmpty reason="notYourUser" name={userName} />;
  if (!user) return <Empty description={t('users.notFound')} />;

  return (
    <Flex vertical gap={16} data-testid="user-detail">
      <Card
        title={user.user_name}
        extra={
          canWrite ? (
            <Space wrap>
              {user.group_name ? (
                <Button
                  size="small"
                  onClick={() =>
                    void groupAdmin.mutateAsync({ userName: user.user_name, groupName: user.group_name ?? undefined, admin: !user.group_admin }).then(
                      () => feedback().message.success(t('groups.saved')),
                      () => undefined,
                    )
                  }
                >
                  {user.group_admin ? t('groups.removeAdmin') : t('groups.promote')}
                </Button>
              ) : null}
              <Button size="small" danger={!user.disabled} onClick={() => void update.mutateAsync({ id: user.id, patch: { disabled: !user.disabled } }).catch(() => undefined)}>
                {user.disabled ? t('users.enable') : t('users.disable')}
              </Button>
            </Space>
          ) : null
        }
      >
        <Descriptions column={{ xs: 1, sm: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('users.columns.realName')}>{user.real_name ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('users.columns.state')}>
            <Tag color={user.disabled ? 'red' : 'green'}>{user.disabled ? t('users.state.disabled') : t('users.state.active')}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('users.columns.email')}>{user.email ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('users.columns.telephone')}>{user.telephone ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('users.columns.group')}>{user.group_name ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('users.systemAccount')}>{user.system_account ?? t('users.unbound')}</Descriptions.Item>
          <Descriptions.Item label={t('users.administers')}>{[...user.administered_groups, ...user.administered_communities].join(', ') || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('users.columns.lastLogin')}>{user.last_login_at ? formatDate(user.last_login_at) : t('users.never')}</Descriptions.Item>
          <Descriptions.Item label={t('users.createdAt')}>{formatDate(user.created_at)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('roles.title')} size="small">
        {canRoles ? (
          <Flex gap={8} wrap>
            <Select
              mode="multiple"
              style={{ minWidth: 240, flex: 1 }}
              value={chosen}
              onChange={setChosen}
              placeholder={t('users.rolesPlaceholder')}
              options={(roles.data ?? []).map((r) => ({ value: r.name, label: r.name }))}
              data-testid="user-roles-select"
            />
            <Button
              type="primary"
              loading={setRoles.isPending}
              onClick={() => void setRoles.mutateAsync({ userName: user.user_name, roles: chosen }).then(() => feedback().message.success(t('roles.saved')), () => undefined)}
              data-testid="user-roles-save"
            >
              {t('common.save')}
            </Button>
          </Flex>
        ) : (
          <Space wrap>{user.roles.length > 0 ? user.roles.map((r) => <Tag key={r.id}>{r.name}</Tag>) : '—'}</Space>
        )}
      </Card>
      <Card title={t('users.keys')} size="small">
        <Space wrap size={[4, 8]}>
          {user.permissions.length > 0
            ? user.permissions.map((key) => (
                <PermissionTag key={key} permission={key} />
              ))
            : <Typography.Text type="secondary">{t('users.noKeys')}</Typography.Text>}
        </Space>
      </Card>
    </Flex>
  );
}
