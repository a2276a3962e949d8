import { useState } from 'react';
import { Alert, Button, Flex, Input, Select, Table, Tag, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '@starlight/contract/verification';
import { formatDate } from '../../../lib/format';
import { useOutbox } from '../api/get-outbox';

interface Filters {
  page: number;
  pageSize: number;
  address?: string;
  channel?: 'email' | 'sms';
}

/**
 * /user-center/outbox [query_role]: mail and text messages the built-in drivers kept (no SMTP / SMS provider), newest
 * first. Codes of accounts the reader may not manage arrive masked from the server; each read is audited there.
 */
export function OutboxAdmin() {
  const { t } = useTranslation('admin');
  const [filters, setFilters] = useState<Filters>({ page: 1, pageSize: 20 });
  const outbox = useOutbox({ page: filters.page, page_size: filters.pageSize, field_eq_address: filters.address?.trim() || undefined, field_eq_channel: filters.channel });
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));

  return (
    <div data-testid="outbox-admin">
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('outbox.explain')} />
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('outbox.address')} onSearch={(address) => set({ address })} style={{ width: 240, maxWidth: '100%' }} data-testid="outbox-address" />
        <Select
          allowClear
          placeholder={t('outbox.channel')}
          style={{ width: 140 }}
          onChange={(channel?: 'email' | 'sms') => set({ channel })}
          options={[
            { value: 'email', label: t('outbox.email') },
            { value: 'sms', label: t('outbox.sms') },
          ]}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void outbox.refetch()} data-testid="outbox-refresh">
          {t('outbox.refresh')}
        </Button>
      </Flex>
      <Table<OutboxEntry>
        rowKey="id"
        size="middle"
        loading={outbox.isFetching}
        dataSource={outbox.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: filters.page,
          pageSize: filters.pageSize,
          total: outbox.data?.total ?? 0,
          showTotal: (total) => t('common.total', { total }),
          onChange: (page, pageSize) => setFilters((f) => ({ ...f, page, pageSize })),
        }}
        columns={[
          { key: 'time', title: t('outbox.time'), render: (_: unknown, m) => formatDate(m.created_at), width: 170, responsive: ['md'] },
          { key: 'to', title: t('outbox.to'), render: (_: unknown, m) => <span data-testid="outbox-row-to">{m.address}</span> },
          { key: 'channel', title: t('outbox.channel'), render: (_: unknown, m) => <Tag>{m.channel === 'email' ? t('outbox.email') : t('outbox.sms')}</Tag>, responsive: ['md'] },
          { key: 'subject', title: t('outbox.subject'), dataIndex: 'subject', ellipsis: true, responsive: ['lg'] },
          {
            key: 'body',
            title: t('outbox.body'),
            render: (_: unknown, m) => (
              <span data-testid="outbox-row-body">
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0, maxWidth: 420 }} ellipsis={{ rows: 3, expandable: true }}>
                  {m.body}
                </Typography.Paragraph>
                {m.masked ? (
                  <Tooltip title={t('outbox.maskedWhy')}>
                    <Tag color="orange" data-testid="outbox-row-masked">
                      {t('outbox.masked')}
                    </Tag>
                  </Tooltip>
                ) : null}
              </span>
            ),
          },
        ]}
      />
    </div>
  );
}
