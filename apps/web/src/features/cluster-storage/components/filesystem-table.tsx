import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography, type TableProps } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { filesystemInputSchema, rootTemplateSchema, type Filesystem, type StorageDriverKind } from '@starlight/contract/cluster-storage';
import { PermissionGate } from '../../../components/permission-gate';
import { useCreateFilesystem, useDeleteFilesystem, useFilesystems, useUpdateFilesystem } from '../api/filesystems';

interface FormValues {
  name: string;
  cluster_name: string;
  driver: StorageDriverKind;
  root: string;
  description: string;
}

/** /cluster-partition/fs: the storages (filesystems) of every cluster; administrators add, change and remove them. */
export function FilesystemTable() {
  const { t } = useTranslation('storage');
  const filesystems = useFilesystems();
  const create = useCreateFilesystem();
  const update = useUpdateFilesystem();
  const remove = useDeleteFilesystem();
  const [editing, setEditing] = useState<Filesystem | 'new' | null>(null);
  const [form] = Form.useForm<FormValues>();

  const openNew = () => {
    form.setFieldsValue({ name: '', cluster_name: '', driver: 'ssh', root: '/home/{account}', description: '' });
    setEditing('new');
  };
  const openEdit = (fs: Filesystem) => {
    form.setFieldsValue({ ...fs });
    setEditing(fs);
  };
  const submit = async () => {
    // the form shows invalid fields; a refused call is already shown by the api client: the dialog stays open
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      if (editing === 'new') await create.mutateAsync(filesystemInputSchema.parse(values));
      else if (editing) await update.mutateAsync({ id: editing.id, patch: { root: values.root, description: values.description } });
      setEditing(null);
    } catch {
      /* shown by the api client */
    }
  };
  const zodRule = (schema: { safeParse: (v: unknown) => { success: boolean } }, message: string) => ({
    validator: async (_: unknown, value: unknown) => {
      if (!schema.safeParse(value).success) throw new Error(message);
    },
  });

  const columns: TableProps<Filesystem>['columns'] = [
    {
      key: 'name',
      title: t('cs.fs.name'),
      render: (_: unknown, fs) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong data-testid="fs-name">{fs.name}</Typography.Text>
          {fs.description ? <Typography.Text type="secondary">{fs.description}</Typography.Text> : null}
        </Space>
      ),
    },
    { key: 'cluster', title: t('cs.fs.cluster'), dataIndex: 'cluster_name' },
    { key: 'driver', title: t('cs.fs.driver'), responsive: ['sm'], render: (_: unknown, fs) => <Tag>{fs.driver}</Tag> },
    { key: 'root', title: t('cs.fs.root'), responsive: ['md'], render: (_: unknown, fs) => <Typography.Text code>{fs.root}</Typography.Text> },
    {
      key: 'offered',
      title: t('cs.fs.offered'),
      render: (_: unknown, fs) => (fs.offered ? <Tag color="success">{t('cs.fs.yes')}</Tag> : <Tag color="warning">{t('cs.fs.notOffered')}</Tag>),
    },
    {
      key: 'actions',
      title: '',
      render: (_: unknown, fs) => (
        <PermissionGate perms={['kcluster_clusters_admin']}>
          <Space wrap>
            <Button size="small" onClick={() => openEdit(fs)}>{t('cs.edit')}</Button>
            <Popconfirm title={t('cs.fs.confirmDelete', { name: fs.name })} onConfirm={() => remove.mutateAsync(fs.id).catch(() => undefined)}>
              <Button size="small" danger>{t('cs.delete')}</Button>
            </Popconfirm>
          </Space>
        </PermissionGate>
      ),
    },
  ];

  return (
    <div data-testid="filesystem-table">
      <Alert type="info" showIcon title={t('cs.fs.rule')} style={{ marginBottom: 12 }} />
      <PermissionGate perms={['kcluster_clusters_admin']}>
        <Button type="primary" icon={<PlusOutlined />} onClick={openNew} style={{ marginBottom: 12 }} data-testid="fs-add">
          {t('cs.fs.add')}
        </Button>
      </PermissionGate>
      <Table rowKey="id" columns={columns} dataSource={filesystems.data ?? []} loading={filesystems.isPending} pagination={false} scroll={{ x: true }} size="middle" />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('cs.fs.add') : t('cs.fs.editTitle')}
        onOk={() => void submit()}
        onCancel={() => setEditing(null)}
        confirmLoading={create.isPending || update.isPending}
        okText={t('cs.save')}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" data-testid="fs-form">
          <Form.Item name="name" label={t('cs.fs.name')} rules={[zodRule(filesystemInputSchema.shape.name, t('cs.fs.nameRule'))]}>
            <Input disabled={editing !== 'new'} maxLength={31} />
          </Form.Item>
          <Form.Item name="cluster_name" label={t('cs.fs.cluster')} rules={[{ required: true, message: t('cs.required') }]}>
            <Input disabled={editing !== 'new'} />
          </Form.Item>
          <Form.Item name="driver" label={t('cs.fs.driver')} extra={t('cs.fs.driverHelp')}>
            <Select disabled={editing !== 'new'} options={[{ value: 'local', label: 'local' }, { value: 'ssh', label: 'ssh' }]} />
          </Form.Item>
          <Form.Item name="root" label={t('cs.fs.root')} extra={t('cs.fs.rootHelp')} rules={[zodRule(rootTemplateSchema, t('cs.fs.rootRule'))]}>
            <Input placeholder="/public/home/{account}" />
          </Form.Item>
          <Form.Item name="description" label={t('cs.fs.description')}>
            <Input maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
