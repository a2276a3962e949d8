import { useState } from 'react';
import { Button, Flex, Form, Input, Modal, Popconfirm, Space, Table, Tag } from 'antd';
import { feedback } from '../../../lib/feedback';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Community } from '@starlight/contract/admin';
import { nameRegex } from '@starlight/contract/validators';
import { useCommunities, useCommunityMember, useCreateCommunity, useDeleteCommunity, type NamedListFilters } from '../api/get-groups';

/** Tags that can be removed, plus a small input to add one (a community's groups or administrators). */
function EditableTags({ values, onAdd, onRemove, placeholder, testId }: { values: string[]; onAdd: (name: string) => void; onRemove: (name: string) => void; placeholder: string; testId: string }) {
  const [text, setText] = useState('');
  return (
    <Space size={4} wrap data-testid={testId}>
      {values.map((v) => (
        <Tag key={v} closable onClose={(e) => (e.preventDefault(), onRemove(v))}>
          {v}
        </Tag>
      ))}
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
    </Space>
  );
}

/** community-manage [query_all_user]: communities, their groups and their administrators (community_3rd_admin). */
export function CommunityManage() {
  const { t } = useTranslation('admin');
  const [filters, setFilters] = useState<NamedListFilters>({ page: 1, pageSize: 20 });
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<{ name: string; description?: string }>();
  const communities = useCommunities(filters);
  const create = useCreateCommunity();
  const remove = useDeleteCommunity();
  const member = useCommunityMember();
  const change = (id: number, kind: 'groups' | 'admins', name: string, add: boolean) =>
    void member.mutateAsync({ id, kind, name, add }).then(() => feedback().message.success(t('communities.saved')), () => undefined);

  return (
    <div data-testid="community-manage">
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('communities.search')} onSearch={(name) => setFilters((f) => ({ ...f, page: 1, name }))} style={{ width: 220 }} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('communities.create')}
        </Button>
      </Flex>
      <Table<Community>
        rowKey="id"
        size="middle"
        loading={communities.isFetching}
        dataSource={communities.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ current: filters.page, pageSize: filters.pageSize, total: communities.data?.total ?? 0, onChange: (page, pageSize) => setFilters((f) => ({ ...f, page, pageSize })) }}
        columns={[
          { key: 'name', title: t('communities.name'), dataIndex: 'name' },
          { key: 'description', title: t('common.description'), dataIndex: 'description', ellipsis: true, responsive: ['lg'] },
          {
            key: 'groups',
            title: t('communities.groups'),
            render: (_: unknown, c) => <EditableTags testId="community-groups" values={c.groups} placeholder={t('communities.addGroup')} onAdd={(n) => change(c.id, 'groups', n, true)} onRemove={(n) => change(c.id, 'groups', n, false)} />,
          },
          {
            key: 'admins',
            title: t('communities.admins'),
            render: (_: unknown, c) => <EditableTags testId="community-admins" values={c.admins} placeholder={t('communities.addAdmin')} onAdd={(n) => change(c.id, 'admins', n, true)} onRemove={(n) => change(c.id, 'admins', n, false)} />,
          },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_: unknown, c) => (
              <Popconfirm title={t('communities.deleteConfirm', { name: c.name })} onConfirm={() => void remove.mutateAsync(c.id).catch(() => undefined)}>
                <Button type="link" size="small" danger>
                  {t('common.delete')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <Modal open={creating} title={t('communities.create')} okText={t('common.create')} cancelText={t('common.cancel')} onOk={() => form.submit()} onCancel={() => setCreating(false)} confirmLoading={create.isPending} destroyOnHidden>
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
          <Form.Item name="name" label={t('communities.name')} rules={[{ required: true, pattern: nameRegex, message: t('groups.nameRule') }]}>
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
