import { useState } from 'react';
import { Button, Flex, Form, Input, Modal, Popconfirm, Space, Table, Tag } from 'antd';
import { feedback } from '../../../lib/feedback';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Group } from '@starlight/contract/admin';
import { nameRegex } from '@starlight/contract/validators';
import { PermissionGate } from '../../../components/permission-gate';
import { useHasAnyPermission } from '../../../lib/permissions';
import { useCreateGroup, useDeleteGroup, useGroups, type NamedListFilters } from '../api/get-groups';

export const groupInfoPath = (name: string) => `/user-center/group-info/${encodeURIComponent(name)}`;

/** group-manage: the groups the caller administers (all for platform admins); create and delete. */
export function GroupManage() {
  const { t } = useTranslation('admin');
  const [filters, setFilters] = useState<NamedListFilters>({ page: 1, pageSize: 20 });
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<{ name: string; description: string }>();
  const groups = useGroups(filters);
  const create = useCreateGroup();
  const remove = useDeleteGroup();
  const isPlatform = useHasAnyPermission(['query_all_user']);

  return (
    <div data-testid="group-manage">
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('groups.search')} onSearch={(name) => setFilters((f) => ({ ...f, page: 1, name }))} style={{ width: 220 }} />
        <PermissionGate perms={['query_all_user']}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('groups.create')}
          </Button>
        </PermissionGate>
      </Flex>
      <Table<Group>
        rowKey="id"
        size="middle"
        loading={groups.isFetching}
        dataSource={groups.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ current: filters.page, pageSize: filters.pageSize, total: groups.data?.total ?? 0, onChange: (page, pageSize) => setFilters((f) => ({ ...f, page, pageSize })) }}
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
      <Modal open={creating} title={t('groups.create')} okText={t('common.create')} cancelText={t('common.cancel')} onOk={() => form.submit()} onCancel={() => setCreating(false)} confirmLoading={create.isPending} destroyOnHidden>
        <Form
          form={form}
          layout="vertical"
          onFinish={(values) =>
            void create.mutateAsync({ name: values.name, description: values.description ?? '' }).then(() => {
              setCreating(false);
              form.resetFields();
            }, () => undefined)
          }
        >
          <Form.Item name="name" label={t('groups.name')} rules={[{ required: true, pattern: nameRegex, message: t('groups.nameRule') }]}>
            <Input />
          </Form.Item>
          <Form.Item name="description" label={t('common.description')}>
            <Input.TextArea rows={2} maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
