import { useState } from 'react';
import { Button, Input, Popconfirm, Space, Tag } from 'antd';
import { feedback } from '../../../lib/feedback';
import { useTranslation } from 'react-i18next';
import type { Community } from '@starlight/contract/admin';
import { useCommunities, useCommunityMember, useCreateCommunity, useDeleteCommunity } from '../api/get-groups';
import { useHasAnyPermission } from '../../../lib/permissions';
import { NamedListManage } from './named-list-manage';

/** Tags that can be removed, plus a small input to add one (a community's groups or administrators). */
function EditableTags({ values, onAdd, onRemove, placeholder, testId, editable }: { values: string[]; onAdd: (name: string) => void; onRemove: (name: string) => void; placeholder: string; testId: string; editable: boolean }) {
  const [text, setText] = useState('');
  return (
    <Space size={4} wrap data-testid={testId}>
      {values.map((v) => (
        <Tag key={v} closable={editable} onClose={(e) => (e.preventDefault(), onRemove(v))}>
          {v}
        </Tag>
      ))}
      {editable ? (
      <Input
        size="small"
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={() => {
          if (text.trim()) onAdd(text.trim());
          setText('');
        }}
        style={{ width: 120 }}
      />
      ) : null}
    </Space>
  );
}

/** community-manage [query_all_user]: communities, their groups and their administrators (community_3rd_admin); changes need manage_all_user. */
export function CommunityManage() {
  const { t } = useTranslation('admin');
  const canManage = useHasAnyPermission(['manage_all_user']);
  const create = useCreateCommunity();
  const remove = useDeleteCommunity();
  const member = useCommunityMember();
  const change = (id: number, kind: 'groups' | 'admins', name: string, add: boolean) =>
    void member.mutateAsync({ id, kind, name, add }).then(() => feedback().message.success(t('communities.saved')), () => undefined);

  return (
    <NamedListManage<Community>
      testId="community-manage"
      useList={useCommunities}
      create={canManage ? create : undefined}
      labels={{ search: t('communities.search'), create: t('communities.create'), name: t('communities.name') }}
      columns={[
        { key: 'name', title: t('communities.name'), dataIndex: 'name' },
        { key: 'description', title: t('common.description'), dataIndex: 'description', ellipsis: true, responsive: ['lg'] },
        {
          key: 'groups',
          title: t('communities.groups'),
          render: (_: unknown, c) => <EditableTags testId="community-groups" values={c.groups} placeholder={t('communities.addGroup')} editable={canManage} onAdd={(n) => change(c.id, 'groups', n, true)} onRemove={(n) => change(c.id, 'groups', n, false)} />,
        },
        {
          key: 'admins',
          title: t('communities.admins'),
          render: (_: unknown, c) => <EditableTags testId="community-admins" values={c.admins} placeholder={t('communities.addAdmin')} editable={canManage} onAdd={(n) => change(c.id, 'admins', n, true)} onRemove={(n) => change(c.id, 'admins', n, false)} />,
        },
        ...(canManage
          ? [
              {
                key: 'actions',
                title: t('common.actions'),
                render: (_: unknown, c: Community) => (
                  <Popconfirm title={t('communities.deleteConfirm', { name: c.name })} onConfirm={() => void remove.mutateAsync(c.id).catch(() => undefined)}>
                    <Button type="link" size="small" danger>
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
