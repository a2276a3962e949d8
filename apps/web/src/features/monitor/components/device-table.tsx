import { useState } from 'react';
import { Alert, Button, Input, Popconfirm, Select, Space, Table, Tag, type TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { deviceStatuses, deviceTypes, type Device } from '@starlight/contract/monitor';
import { useDeleteDevice } from '../api/delete-device';
import { useDevices, type DeviceFilters } from '../api/get-devices';
import { DeviceFormModal } from './device-form';

const statusColor: Record<Device['status'], string> = { in_service: 'green', maintenance: 'gold', faulty: 'red', retired: 'default' };

/** Hardware devices: filter, add, change, remove (spec §7 /resource/hardware/devices). */
export function DeviceTable() {
  const { t } = useTranslation('monitor');
  const [filters, setFilters] = useState<DeviceFilters>({ page: 1, pageSize: 20 });
  const [editing, setEditing] = useState<Device | null | undefined>(undefined);
  const devices = useDevices(filters);
  const remove = useDeleteDevice();
  const change = (patch: Partial<DeviceFilters>) => setFilters((f) => ({ ...f, ...patch, page: 1 }));

  const columns: TableProps<Device>['columns'] = [
    { key: 'name', title: t('devices.fields.name'), dataIndex: 'name' },
    { key: 'type', title: t('devices.fields.type'), render: (_: unknown, d) => t(`devices.types.${d.type}`) },
    { key: 'where', title: t('devices.fields.node'), render: (_: unknown, d) => (d.cluster ? `${d.node ?? '-'} (${d.cluster})` : '-') },
    { key: 'serial', title: t('devices.fields.serial'), render: (_: unknown, d) => d.serial ?? '-' },
    { key: 'location', title: t('devices.fields.location'), render: (_: unknown, d) => d.location ?? '-' },
    { key: 'status', title: t('devices.fields.status'), render: (_: unknown, d) => <Tag color={statusColor[d.status]}>{t(`devices.statuses.${d.status}`)}</Tag> },
    {
      key: 'actions',
      title: t('devices.actions'),
      fixed: 'right',
      width: 100,
      render: (_: unknown, d) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EditOutlined />} aria-label={t('devices.edit', { name: d.name })} onClick={() => setEditing(d)} data-testid="device-edit" />
          <Popconfirm title={t('devices.confirmDelete', { name: d.name })} okText={t('devices.delete')} cancelText={t('devices.cancel')} onConfirm={() => remove.mutateAsync(d.id)}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={t('devices.delete')} data-testid="device-delete" />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="device-add">
          {t('devices.add')}
        </Button>
        <Input.Search allowClear placeholder={t('devices.search')} onSearch={(v) => change({ text: v.trim() || undefined })} style={{ width: 200 }} data-testid="device-search" />
        <Select<Device['type']>
          allowClear
          placeholder={t('devices.fields.type')}
          onChange={(type) => change({ type })}
          options={deviceTypes.map((v) => ({ value: v, label: t(`devices.types.${v}`) }))}
          style={{ minWidth: 130 }}
        />
        <Select<Device['status']>
          allowClear
          placeholder={t('devices.fields.status')}
          onChange={(status) => change({ status })}
          options={deviceStatuses.map((v) => ({ value: v, label: t(`devices.statuses.${v}`) }))}
          style={{ minWidth: 130 }}
        />
      </Space>
      {devices.isError ? <Alert type="error" showIcon title={t('devices.failed')} style={{ marginBottom: 12 }} /> : null}
      <Table<Device>
        rowKey="id"
        columns={columns}
        dataSource={devices.data?.list ?? []}
        loading={devices.isLoading}
        expandable={{ rowExpandable: (d) => Boolean(d.notes), expandedRowRender: (d) => <span style={{ whiteSpace: 'pre-wrap' }}>{d.notes}</span> }}
        pagination={{
          current: filters.page,
          pageSize: filters.pageSize,
          total: devices.data?.total ?? 0,
          showTotal: (total) => t('devices.total', { count: total }),
          onChange: (page, pageSize) => setFilters((f) => ({ ...f, page, pageSize })),
        }}
        scroll={{ x: 760 }}
        data-testid="device-table"
      />
      <DeviceFormModal open={editing !== undefined} device={editing ?? null} onClose={() => setEditing(undefined)} />
    </>
  );
}
