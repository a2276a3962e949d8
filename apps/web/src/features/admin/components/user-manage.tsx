import { useState } from 'react';
import { Button, Flex, Input, Select, Skeleton, Space } from 'antd';
import { feedback } from '../../../lib/feedback';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@starlight/contract/admin';
import { PermissionGate } from '../../../components/permission-gate';
import { useHasAnyPermission } from '../../../lib/permissions';
import { useUsers, type UserFilters } from '../api/get-users';
import { useRemoveUser, useUpdateUser } from '../api/manage-users';
import { BulkUpdateModal } from './bulk-update-modal';
import { CreateUserModal } from './create-user-modal';
import { UserTable } from './user-table';
import { AdminScopeEmpty, useAdminReach } from './admin-scope-empty';

/** user-manage: search, page, create, disable or delete the users the caller administers. */
export function UserManage() {
  // change_user may search anyone (the switch dialog); everyone else without a reader key administers nobody
  const reach = useAdminReach(['change_user']);
  if (reach === 'pending') return <Skeleton active />;
  if (reach === 'none') return <AdminScopeEmpty reason="noGroup" />;
  return <UserList />;
}

function UserList() {
  const { t } = useTranslation('admin');
  const [filters, setFilters] = useState<UserFilters>({ page: 1, pageSize: 20 });
  const [creating, setCreating] = useState(false);
  const [bulk, setBulk] = useState(false);
  const users = useUsers(filters);
  const update = useUpdateUser();
  const remove = useRemoveUser();
  const canWrite = useHasAnyPermission(['manage_all_user', 'user_order_create_gadmin']);

  const toggle = (user: AdminUser) =>
    update.mutateAsync({ id: user.id, patch: { disabled: !user.disabled } }).then(
      () => feedback().message.success(user.disabled ? t('users.enabled') : t('users.disabled')),
      () => undefined,
    );
  /** Deleting outright is only for users nothing refers to; the server says so (1409) and the user is disabled instead. */
  const onDelete = (user: AdminUser) =>
    remove.mutateAsync({ id: user.id, hard: true }).then(
      () => feedback().message.success(t('users.deleted')),
      () => undefined,
    );

  return (
    <div data-testid="user-manage">
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 12 }}>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('users.search')}
            onSearch={(name) => setFilters((f) => ({ ...f, page: 1, name }))}
            style={{ width: 220 }}
            data-testid="user-search"
          />
          <Input.Search allowClear placeholder={t('users.groupFilter')} onSearch={(group) => setFilters((f) => ({ ...f, page: 1, group }))} style={{ width: 180 }} />
          <Select
            allowClear
            placeholder={t('users.columns.state')}
            style={{ width: 130 }}
            onChange={(state?: 'active' | 'disabled') => setFilters((f) => ({ ...f, page: 1, state }))}
            options={[
              { value: 'active', label: t('users.state.active') },
              { value: 'disabled', label: t('users.state.disabled') },
            ]}
          />
        </Space>
        {canWrite ? (
          <Space wrap>
            <PermissionGate perms={['manage_all_user']}>
              <Button icon={<UploadOutlined />} onClick={() => setBulk(true)}>
                {t('bulk.open')}
              </Button>
            </PermissionGate>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="user-create">
              {t('users.create')}
            </Button>
          </Space>
        ) : null}
      </Flex>
      <UserTable
        users={users.data?.list ?? []}
        loading={users.isFetching}
        onToggleDisabled={canWrite ? (user) => void toggle(user) : undefined}
        onDelete={canWrite ? (user) => void onDelete(user) : undefined}
        pagination={{
          current: filters.page,
          pageSize: filters.pageSize,
          total: users.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('common.total', { total }),
          onChange: (page, pageSize) => setFilters((f) => ({ ...f, page, pageSize })),
        }}
      />
      <CreateUserModal open={creating} onClose={() => setCreating(false)} />
      <BulkUpdateModal open={bulk} onClose={() => setBulk(false)} />
    </div>
  );
}
