import { useState } from 'react';
import { Alert, DatePicker, Input, Select, Space, Table, type TableProps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { monitorEventTypes, type MonitorEvent, type MonitorEventType } from '@starlight/contract/monitor';
import { formatDate } from '../../../lib/format';
import { useEvents, type EventFilters } from '../api/get-events';
import { EventChange } from './event-change';
import { EventTypeTag } from './event-type-tag';

const nodeLink = (cluster: string, node: string) => `/monitor/state/${encodeURIComponent(node)}?cluster=${encodeURIComponent(cluster)}`;

/** Node state changes and job failures, newest first, filtered on the server. */
export function EventTable({ initialNode }: { initialNode?: string }) {
  const { t } = useTranslation('monitor');
  const [filters, setFilters] = useState<EventFilters>({ page: 1, pageSize: 20, node: initialNode });
  const events = useEvents(filters);
  const change = (patch: Partial<EventFilters>) => setFilters((f) => ({ ...f, ...patch, page: 1 }));

  const columns: TableProps<MonitorEvent>['columns'] = [
    { key: 'time', title: t('events.time'), render: (_: unknown, e) => formatDate(e.time), width: 170 },
    { key: 'type', title: t('events.type'), render: (_: unknown, e) => <EventTypeTag type={e.type} />, width: 120 },
    { key: 'cluster', title: t('columns.cluster'), dataIndex: 'cluster', width: 100 },
    {
      key: 'nodes',
      title: t('columns.node'),
      render: (_: unknown, e) => (
        <Space size={4} wrap>
          {e.nodes.map((n) => (
            <Link key={n} to={nodeLink(e.cluster, n)}>
              {n}
            </Link>
          ))}
        </Space>
      ),
    },
    { key: 'change', title: t('events.change'), render: (_: unknown, e) => <EventChange event={e} /> },
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select<MonitorEventType>
          allowClear
          placeholder={t('events.allTypes')}
          value={filters.type}
          onChange={(type) => change({ type })}
          options={monitorEventTypes.map((type) => ({ value: type, label: t(`events.types.${type}`) }))}
          style={{ minWidth: 160 }}
          data-testid="events-type"
        />
        <Input.Search allowClear placeholder={t('columns.node')} defaultValue={initialNode} onSearch={(v) => change({ node: v.trim() || undefined })} style={{ width: 180 }} data-testid="events-node" />
        <Input.Search allowClear placeholder={t('columns.cluster')} onSearch={(v) => change({ cluster: v.trim() || undefined })} style={{ width: 160 }} />
        <DatePicker.RangePicker
          showTime
          onChange={(range) => change({ from: range?.[0] ? range[0].unix() : undefined, before: range?.[1] ? range[1].unix() : undefined })}
          aria-label={t('events.time')}
        />
      </Space>
      {events.isError ? <Alert type="error" showIcon title={t('events.failed')} style={{ marginBottom: 12 }} /> : null}
      <Table<MonitorEvent>
        rowKey="id"
        columns={columns}
        dataSource={events.data?.list ?? []}
        loading={events.isLoading}
        pagination={{
          current: filters.page,
          pageSize: filters.pageSize,
          total: events.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('events.total', { count: total }),
          onChange: (page, pageSize) => setFilters((f) => ({ ...f, page, pageSize })),
        }}
        scroll={{ x: 720 }}
        data-testid="event-table"
      />
    </>
  );
}
