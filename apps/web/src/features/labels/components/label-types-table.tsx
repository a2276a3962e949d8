import { useState } from 'react';
import { Button, Flex, Input, Popconfirm, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LabelType } from '@starlight/contract/labels';
import { PermissionGate } from '../../../components/permission-gate';
import { formatDate } from '../../../lib/format';
import { useLabelTypes } from '../api/get-label-types';
import { useDeleteLabelType } from '../api/manage-labels';
import { LabelTypeModal } from './label-type-modal';

const pageSize = 20;

/** Label types, searched by name and paged on the server; writes for manage_label. */
export function LabelTypesTable({ onOpenLabels }: { onOpenLabels: (type: LabelType) => void }) {
  const { t } = useTranslation('labels');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<LabelType | 'new' | null>(null);
  const types = useLabelTypes({ page, page_size: pageSize, ...(search ? { field_lk_name: search } : {}) });
  const remove = useDeleteLabelType();

  return (
    <>
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('types.search')}
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
          style={{ maxWidth: 320 }}
          data-testid="label-type-search"
        />
        <PermissionGate perms={['manage_label']}>
          <Button type="primary" onClick={() => setEditing('new')} data-testid="add-label-type">
            {t('types.add')}
          </Button>
        </PermissionGate>
      </Flex>
      <Table<LabelType>
        rowKey="id"
        size="middle"
        loading={types.isFetching}
        dataSource={types.data?.list ?? []}
        scroll={{ x: 640 }}
        pagination={{ current: page, pageSize, total: types.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { key: 'name', title: t('fields.name'), dataIndex: 'name', render: (name: string) => <Typography.Text code>{name}</Typography.Text> },
          { key: 'description', title: t('fields.description'), dataIndex: 'description', ellipsis: true },
          {
            key: 'count',
            title: t('fields.labelCount'),
            dataIndex: 'label_count',
            width: 110,
            render: (count: number, type) => (
              <Button type="link" size="small" onClick={() => onOpenLabels(type)}>
                {count}
              </Button>
            ),
          },
          { key: 'updated', title: t('fields.updated'), dataIndex: 'updated_at', width: 180, render: (at: string) => formatDate(at) },
          {
            key: 'actions',
            title: t('actions'),
            width: 160,
            render: (_: unknown, type) => (
              <PermissionGate perms={['manage_label']}>
                <Space size={4}>
                  <Button size="small" onClick={() => setEditing(type)}>
                    {t('edit')}
                  </Button>
                  <Popconfirm
                    title={t('types.confirmDelete', { name: type.name })}
                    description={type.label_count > 0 ? t('types.notEmpty', { count: type.label_count }) : undefined}
                    okButtonProps={{ disabled: type.label_count > 0, danger: true }}
                    onConfirm={() => remove.mutateAsync(type.id).catch(() => undefined)}
                  >
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
      <LabelTypeModal editing={editing} onClose={() => setEditing(null)} />
    </>
  );
}
