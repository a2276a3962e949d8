import { useState } from 'react';
import { Button, Card, Descriptions, Empty, Flex, Input, Popconfirm, Skeleton, Space, Tag } from 'antd';
import { feedback } from '../../../lib/feedback';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '@starlight/contract/admin';
import { useHasAnyPermission } from '../../../lib/permissions';
import { useAddMember, useGroupDetail, useRemoveMember } from '../api/get-groups';
import { useSetGroupAdmin } from '../api/manage-users';
import { CreateUserModal } from './create-user-modal';
import { UserTable } from './user-table';
import { AdminScopeEmpty, isForbidden, useAdminReach } from './admin-scope-empty';

/** group-info/:group: the group's members; its administrators (and platform admins) promote and remove group admins. */
export function GroupInfoView({ groupName }: { groupName: string }) {
  const reach = useAdminReach();
  if (reach === 'pending') return <Skeleton active />;
  if (reach === 'none') return <AdminScopeEmpty reason="noGroup" />;
  return <GroupInfo groupName={groupName} />;
}

function GroupInfo({ groupName }: { groupName: string }) {
  const { t } = useTranslation('admin');
  const group = useGroupDetail(groupName);
  const setAdmin = useSetGroupAdmin();
  const addMember = useAddMember();
  const removeMember = useRemoveMember();
  const isPlatform = useHasAnyPermission(['manage_all_user']);
  const canWrite = useHasAnyPermission(['manage_all_user', 'user_order_create_gadmin']);
  const [newMember, setNewMember] = useState('');
  const [creating, setCreating] = useState(false);

  if (group.isLoading) return <Skeleton active />;
  const data = group.data;
  if (isForbidden(group.error)) return <AdminScopeEmpty reason="notYourGroup" name={groupName} />;
  if (!data) return <Empty description={t('groups.notFound')} />;

  const toggleAdmin = (user: AdminUser) =>
    void setAdmin.mutateAsync({ userName: user.user_name, groupName: data.name, admin: !user.group_admin }).then(
      () => feedback().message.success(user.group_admin ? t('groups.removed', { name: user.user_name }) : t('groups.promoted', { name: user.user_name })),
      () => undefined,
    );

  return (
    <Flex vertical gap={16} data-testid="group-info">
      <Card title={data.name} size="small">
        <Descriptions column={{ xs: 1, md: 3 }} size="small">
          <Descriptions.Item label={t('common.description')}>{data.description || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('groups.admins')}>
            <Space size={4} wrap>{data.admins.map((a) => <Tag key={a} color="gold">{a}</Tag>)}</Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('communities.one')}>{data.community_name ?? '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card
        title={t('groups.membersOf', { count: data.members.length })}
        size="small"
        extra={
          <Space wrap>
            {isPlatform ? (
              <Space.Compact>
                <Input placeholder={t('groups.memberName')} value={newMember} onChange={(e) => setNewMember(e.target.value)} style={{ width: 160 }} />
                <Button
                  onClick={() => void addMember.mutateAsync({ id: data.id, userName: newMember.trim() }).then(() => setNewMember(''), () => undefined)}
                  disabled={newMember.trim() === ''}
                >
                  {t('groups.addMember')}
                </Button>
              </Space.Compact>
            ) : null}
            {canWrite ? (
              <Button type="primary" onClick={() => setCreating(true)} data-testid="group-create-user">
                {t('users.create')}
              </Button>
            ) : null}
          </Space>
        }
      >
        <UserTable
          users={data.members}
          extraActions={
            canWrite
              ? (user) => (
                  <>
                    <Button type="link" size="small" onClick={() => toggleAdmin(user)} data-testid="group-admin-toggle" data-user={user.user_name}>
                      {user.group_admin ? t('groups.removeAdmin') : t('groups.promote')}
                    </Button>
                    {isPlatform ? (
                      <Popconfirm title={t('groups.removeMemberConfirm', { name: user.user_name })} onConfirm={() => void removeMember.mutateAsync({ id: data.id, userName: user.user_name }).catch(() => undefined)}>
                        <Button type="link" size="small" danger>
                          {t('groups.removeMember')}
                        </Button>
                      </Popconfirm>
                    ) : null}
                  </>
                )
              : undefined
          }
        />
      </Card>
      <CreateUserModal open={creating} onClose={() => setCreating(false)} defaultGroup={data.name} />
    </Flex>
  );
}
