import { useState } from 'react';
import { Button, Checkbox, Flex, Form, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { feedback } from '../../../lib/feedback';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Role } from '@starlight/contract/admin';
import { permissionMeaning } from '@starlight/contract/permission-meanings';
import { isPermissionKey, permissionKeys, type PermissionKey } from '@starlight/contract/permissions';
import { nameRegex } from '@starlight/contract/validators';
import { PermissionTag } from '../../../components/permission-label';
import { currentLanguage } from '../../../lib/i18n';
import { useCreateRole, useDeleteRole, useRoles, useUpdateRole } from '../api/get-roles';

const grantable = permissionKeys.filter((key) => key !== 'binded_account');

/** The keys as checkboxes, each with its meaning in the current language. */
export function KeyChecklist({ value = [], onChange }: { value?: string[]; onChange?: (keys: string[]) => void }) {
  useTranslation('admin'); // re-render when the language changes
  const language = currentLanguage();
  return (
    <Checkbox.Group value={value} onChange={(keys) => onChange?.(keys as string[])} style={{ width: '100%' }}>
      <Flex vertical gap={6} style={{ maxHeight: 320, overflowY: 'auto', width: '100%' }}>
        {grantable.map((key) => (
          <Checkbox key={key} value={key}>
            <span data-testid={`key-${key}`}>
              {permissionMeaning(key, language)} <Typography.Text type="secondary" code>{key}</Typography.Text>
            </span>
          </Checkbox>
        ))}
      </Flex>
    </Checkbox.Group>
  );
}

interface RoleForm {
  name: string;
  description?: string;
  keys: PermissionKey[];
}

/** role-manage [query_role]: roles and their keys (meanings in the current language); builtin roles are read only. */
export function RoleManage() {
  const { t } = useTranslation('admin');
  const roles = useRoles();
  const create = useCreateRole();
  const update = useUpdateRole();
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const [form] = Form.useForm<RoleForm>();

  const open = (role: Role | 'new') => {
    setEditing(role);
    form.setFieldsValue(role === 'new' ? { name: '', description: '', keys: [] } : { name: role.name, description: role.description, keys: role.keys.filter(isPermissionKey) });
  };
  const save = async (values: RoleForm) => {
    try {
      if (editing === 'new') await create.mutateAsync({ name: values.name, description: values.description ?? '', keys: values.keys ?? [] });
      else if (editing) await update.mutateAsync({ id: editing.id, patch: { description: values.description ?? '', keys: values.keys ?? [] } });
      feedback().message.success(t('roles.saved'));
      setEditing(null);
    } catch {
      // told by the api client
    }
  };

  return (
    <div data-testid="role-manage">
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="role-create">
          {t('roles.create')}
        </Button>
      </Flex>
      <Table<Role>
        rowKey="id"
        size="middle"
        loading={roles.isFetching}
        dataSource={roles.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'name', title: t('roles.name'), render: (_: unknown, r) => <Space>{r.name}{r.builtin ? <Tag>{t('roles.builtin')}</Tag> : null}</Space> },
          { key: 'description', title: t('common.description'), dataIndex: 'description', ellipsis: true, responsive: ['lg'] },
          {
            key: 'keys',
            title: t('roles.keys'),
            render: (_: unknown, r) => (
              <Space size={[4, 4]} wrap style={{ maxWidth: 520 }}>
                {r.keys.map((key) => (
                  <PermissionTag key={key} permission={key} />
                ))}
              </Space>
            ),
          },
          { key: 'users', title: t('roles.holders'), dataIndex: 'user_count', align: 'right' },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_: unknown, r) =>
              r.builtin ? (
                <Typography.Text type="secondary">{t('roles.readOnly')}</Typography.Text>
              ) : (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => open(r)}>
                    {t('common.edit')}
                  </Button>
                  <Popconfirm title={t('roles.deleteConfirm', { name: r.name, count: r.user_count })} onConfirm={() => void remove.mutateAsync(r.id).catch(() => undefined)}>
                    <Button type="link" size="small" danger>
                      {t('common.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('roles.create') : t('roles.edit')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        confirmLoading={create.isPending || update.isPending}
        width={640}
      >
        <Form form={form} layout="vertical" onFinish={(values) => void save(values)} data-testid="role-form">
          <Form.Item name="name" label={t('roles.name')} rules={[{ required: true, pattern: nameRegex, message: t('groups.nameRule') }]}>
            <Input disabled={editing !== 'new'} data-testid="role-name" />
          </Form.Item>
          <Form.Item name="description" label={t('common.description')}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="keys" label={t('roles.keys')}>
            <KeyChecklist />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
