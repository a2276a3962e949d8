import { useState } from 'react';
import { Button, Flex, Input, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { maxPageSize } from '@starlight/contract/envelope';
import type { Label } from '@starlight/contract/labels';
import { PermissionGate } from '../../../components/permission-gate';
import { formatDate } from '../../../lib/format';
import { useLabelTypes } from '../api/get-label-types';
import { useLabels } from '../api/get-labels';
import { useDeleteLabel } from '../api/manage-labels';
import { LabelModal, type LabelEditing } from './label-modal';

const pageSize = 20;

/** Labels of one type or all, searched by name and paged on the server; writes for manage_label. */
export function LabelsTable({ typeId, onTypeChange }: { typeId: number | undefined; onTypeChange: (id: number | undefined) => void }) {
  const { t } = useTranslation('labels');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<LabelEditing>(null);
  // the type picker: up to 100 types, which is far more than a platform defines
  const types = useLabelTypes({ page: 1, page_size: maxPageSize });
  const labels = useLabels({
    page,
    page_size: pageSize,
    ...(search ? { field_lk_name: search } : {}),
    ...(typeId ? { field_eq_label_type_id: typeId } : {}),
  });
  const remove = useDeleteLabel();

  return (
    <>
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 12 }}>
        <Space wrap>
          <Select
            allowClear
            placeholder={t('labels.allTypes')}
            value={typeId}
            onChange={(id?: number) => {
              onTypeChange(id);
              setPage(1);
            }}
            options={(types.data?.list ?? []).map((type) => ({ value: type.id, label: type.name }))}
            style={{ minWidth: 180 }}
            data-testid="labels-type-filter"
          />
          <Input.Search
            allowClear
            placeholder={t('labels.search')}
            onSearch={(value) => {
              setSearch(value.trim());
              setPage(1);
            }}
            style={{ maxWidth: 280 }}
            data-testid="label-search"
          />
        </Space>
        <PermissionGate perms={['manage_label']}>
          <Button type="primary" onClick={() => setEditing({ typeId })} disabled={(types.data?.total ?? 0) === 0} data-testid="add-label">
            {t('labels.add')}
          </Button>
        </PermissionGate>
      </Flex>
      <Table<Label>
        rowKey="id"
        size="middle"
        loading={labels.isFetching}
        dataSource={labels.data?.list ?? []}
        scroll={{ x: 720 }}
        pagination={{ current: page, pageSize, total: labels.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { key: 'type', title: t('fields.type'), dataIndex: 'label_type_name', width: 140, render: (name: string) => <Typography.Text code>{name}</Typography.Text> },
          { key: 'name', title: t('fields.name'), dataIndex: 'name' },
          {
            key: 'description',
            title: t('fields.valueOrDescription'),
            dataIndex: 'description',
            ellipsis: true,
            render: (value: string) => <Typography.Text copyable={value ? { text: value } : false}>{value}</Typography.Text>,
          },
          { key: 'updated', title: t('fields.updated'), dataIndex: 'updated_at', width: 180, render: (at: string) => formatDate(at) },
          {
            key: 'actions',
            title: t('actions'),
            width: 160,
            render: (_: unknown, label) => (
              <PermissionGate perms={['manage_label']}>
                <Space size={4}>
                  <Button size="small" onClick={() => setEditing({ label })} data-testid={`edit-label-${label.name}`}>
                    {t('edit')}
                  </Button>
                  <Popconfirm title={t('labels.confirmDelete', { name: label.name })} okButtonProps={{ danger: true }} onConfirm={() => remove.mutateAsync(label.id).catch(() => undefined)}>
                    <Button size="small" danger>
                      {t('delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              </PermissionGate>
            ),
          },
        ]}
      />
      <LabelModal editing={editing} types={types.data?.list ?? []} onClose={() => setEditing(null)} />
    </>
  );
}
