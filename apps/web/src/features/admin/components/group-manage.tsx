import { Button, Popconfirm, Skeleton, Space, Tag } from 'antd';
import { feedback } from '../../../lib/feedback';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Group } from '@starlight/contract/admin';
import { useHasAnyPermission } from '../../../lib/permissions';
import { useCreateGroup, useDeleteGroup, useGroups } from '../api/get-groups';
import { AdminScopeEmpty, useAdminReach } from './admin-scope-empty';
import { NamedListManage } from './named-list-manage';

export const groupInfoPath = (name: string) => `/user-center/group-info/${encodeURIComponent(name)}`;

/** group-manage: the groups the caller administers (all for platform admins); create and delete. */
export function GroupManage() {
  const reach = useAdminReach();
  if (reach === 'pending') return <Skeleton active />;
  if (reach === 'none') return <AdminScopeEmpty reason="noGroup" />;
  return <GroupList />;
}

function GroupList() {
  const { t } = useTranslation('admin');
  const create = useCreateGroup();
  const remove = useDeleteGroup();
  const isPlatform = useHasAnyPermission(['manage_all_user']);

  return (
    <NamedListManage<Group>
      testId="group-manage"
      useList={useGroups}
      create={isPlatform ? create : undefined}
      labels={{ search: t('groups.search'), create: t('groups.create'), name: t('groups.name') }}
      columns={[
        { key: 'name', title: t('groups.name'), render: (_: unknown, g) => <Link to={groupInfoPath(g.name)} data-testid="group-link">{g.name}</Link> },
        { key: 'description', title: t('common.description'), dataIndex: 'description', ellipsis: true, responsive: ['md'] },
        { key: 'members', title: t('groups.members'), dataIndex: 'member_count', align: 'right' },
        { key: 'admins', title: t('groups.admins'), render: (_: unknown, g) => <Space size={4} wrap>{g.admins.map((a) => <Tag key={a}>{a}</Tag>)}</Space> },
        { key: 'community', title: t('communities.one'), dataIndex: 'community_name', responsive: ['lg'] },
        ...(isPlatform
          ? [
              {
                key: 'actions',
                title: t('common.actions'),
                render: (_: unknown, g: Group) => (
                  <Popconfirm title={t('groups.deleteConfirm', { name: g.name })} onConfirm={() => void remove.mutateAsync(g.id).then(() => feedback().message.success(t('groups.deleted')), () => undefined)}>
                    <Button type="link" size="small" danger disabled={g.member_count > 0} title={g.member_count > 0 ? t('groups.notEmpty') : undefined}>
                      {t('common.delete')}
                    </Button>
                  </Popconfirm>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
