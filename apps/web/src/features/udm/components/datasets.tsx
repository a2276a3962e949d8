import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Flex, Input, Modal, Popconfirm, Select, Table, Tag } from 'antd';
import type { Dataset } from '@starlight/contract/udm';
import { useCreateDataset, useDatasets, useDeleteDataset } from '../api/udm-api';

/** /udm/uds: the caller's datasets and those their group shares. */
export function Datasets() {
  const { t } = useTranslation('udm');
  const list = useDatasets();
  const create = useCreateDataset();
  const remove = useDeleteDataset();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ name: '', description: '', paths: [] as string[], labels: [] as string[], shared_with_group: false });
  return (
    <Flex vertical gap={12} data-testid="udm-datasets">
      <div>
        <Button type="primary" onClick={() => setOpen(true)}>{t('datasets.new')}</Button>
      </div>
      <Table<Dataset>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('datasets.name'), dataIndex: 'name', render: (name: string, d) => <Link to={`/udm/detail/${d.id}`}>{name}</Link> },
          { title: t('datasets.owner'), dataIndex: 'owner' },
          { title: t('datasets.labels'), dataIndex: 'labels', render: (labels: string[]) => labels.map((l) => <Tag key={l}>{l}</Tag>) },
          { title: t('datasets.paths'), dataIndex: 'paths', render: (paths: string[]) => paths.join(', ') },
          { title: t('datasets.shared'), dataIndex: 'shared_with_group', render: (v: boolean) => (v ? t('yes') : t('no')) },
          {
            title: '',
            key: 'actions',
            render: (_: unknown, d) => (
              <Popconfirm title={t('datasets.confirmDelete')} onConfirm={() => remove.mutate(d.id)}>
                <Button size="small" danger>{t('delete')}</Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <Modal open={open} title={t('datasets.new')} onCancel={() => setOpen(false)} confirmLoading={create.isPending} onOk={() => create.mutate(form, { onSuccess: () => setOpen(false) })}>
        <Flex vertical gap={8}>
          <Input placeholder={t('datasets.name')} aria-label={t('datasets.name')} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
          <Input.TextArea placeholder={t('datasets.description')} aria-label={t('datasets.description')} value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />
          <Select mode="tags" placeholder={t('datasets.pathsHint')} aria-label={t('datasets.paths')} value={form.paths} onChange={(paths: string[]) => setForm({ ...form, paths })} />
          <Select mode="tags" placeholder={t('datasets.labels')} aria-label={t('datasets.labels')} value={form.labels} onChange={(labels: string[]) => setForm({ ...form, labels })} />
          <Checkbox checked={form.shared_with_group} onChange={(e) => setForm({ ...form, shared_with_group: e.target.checked })}>{t('datasets.shareGroup')}</Checkbox>
        </Flex>
      </Modal>
    </Flex>
  );
}
