import { useState } from 'react';
import { DatePicker, Flex, Input, Select, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { AuditEventRecord } from '@starlight/contract/admin';
import { auditActions } from '@starlight/contract/audit';
import { formatDate } from '../../../lib/format';
import { useAuditEvents } from '../api/get-roles';

export interface AuditFilters {
  page: number;
  pageSize: number;
  actor?: string;
  target?: string;
  action?: string;
  result?: 'ok' | 'failed';
  range?: [Dayjs, Dayjs] | null;
}

export function buildAuditQuery(f: AuditFilters) {
  return {
    page: f.page,
    page_size: f.pageSize,
    field_lk_user_name: f.actor?.trim() || undefined,
    field_lk_target: f.target?.trim() || undefined,
    field_eq_action: f.action,
    field_eq_result: f.result,
    start_time: f.range?.[0]?.toISOString(),
    end_time: f.range?.[1]?.toISOString(),
  };
}

/** /audit/audit-admin [query_all_audit]: who did what to whom, when, from where, with which result. */
export function AuditAdmin() {
  const { t } = useTranslation('admin');
  const [filters, setFilters] = useState<AuditFilters>({ page: 1, pageSize: 20 });
  const events = useAuditEvents(buildAuditQuery(filters));
  const set = (patch: Partial<AuditFilters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));

  return (
    <div data-testid="audit-admin">
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('audit.actor')} onSearch={(actor) => set({ actor })} style={{ width: 170 }} data-testid="audit-actor" />
        <Input.Search allowClear placeholder={t('audit.target')} onSearch={(target) => set({ target })} style={{ width: 170 }} />
        <Select
          allowClear
          showSearch
          placeholder={t('audit.action')}
          style={{ width: 200 }}
          onChange={(action?: string) => set({ action })}
          options={auditActions.map((a) => ({ value: a, label: t(`audit.actions.${a}`, { defaultValue: a }) }))}
          data-testid="audit-action"
        />
        <Select
          allowClear
          placeholder={t('audit.result')}
          style={{ width: 120 }}
          onChange={(result?: 'ok' | 'failed') => set({ result })}
          options={[
            { value: 'ok', label: t('audit.ok') },
            { value: 'failed', label: t('audit.failed') },
          ]}
        />
        <DatePicker.RangePicker showTime onChange={(range) => set({ range: range as [Dayjs, Dayjs] | null })} style={{ maxWidth: '100%' }} />
      </Flex>
      <Table<AuditEventRecord>
        rowKey="id"
        size="middle"
        loading={events.isFetching}
        dataSource={events.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: filters.page,
          pageSize: filters.pageSize,
          total: events.data?.total ?? 0,
          showTotal: (total) => t('common.total', { total }),
          onChange: (page, pageSize) => setFilters((f) => ({ ...f, page, pageSize })),
        }}
        columns={[
          { key: 'time', title: t('audit.time'), render: (_: unknown, e) => formatDate(e.created_at), width: 170 },
          {
            key: 'actor',
            title: t('audit.actor'),
            render: (_: unknown, e) => (
              <span data-testid="audit-row-actor">
                {e.user_name || '—'}
                {e.impersonator_name ? <Typography.Text type="secondary"> {t('audit.via', { name: e.impersonator_name })}</Typography.Text> : null}
              </span>
            ),
          },
          { key: 'action', title: t('audit.action'), render: (_: unknown, e) => <span data-testid="audit-row-action">{t(`audit.actions.${e.action}`, { defaultValue: e.action })}</span> },
          { key: 'target', title: t('audit.target'), dataIndex: 'target', ellipsis: true },
          { key: 'result', title: t('audit.result'), render: (_: unknown, e) => <Tag color={e.result === 'ok' ? 'green' : 'red'}>{e.result === 'ok' ? t('audit.ok') : t('audit.failed')}</Tag> },
          { key: 'ip', title: t('audit.ip'), dataIndex: 'ip', responsive: ['md'] },
          { key: 'detail', title: t('audit.detail'), dataIndex: 'detail', ellipsis: true, responsive: ['lg'] },
        ]}
      />
    </div>
  );
}
