import { useState } from 'react';
import { Input, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { LoginRecord } from '@starlight/contract/audit';
import { formatDate } from '../../../lib/format';
import { useLoginRecords } from '../api/login-records';

/** Login records, paged on the server: user, IP, agent, time, result. Holders of query_all_user may look up another user. */
export function LoginRecordTable({ canQueryOthers }: { canQueryOthers: boolean }) {
  const { t } = useTranslation('profile');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [userName, setUserName] = useState('');
  const records = useLoginRecords({ page, pageSize, userName });

  const columns: ColumnsType<LoginRecord> = [
    { title: t('records.user'), dataIndex: 'user_name', width: 140 },
    { title: t('records.ip'), dataIndex: 'ip', width: 140 },
    {
      title: t('records.agent'),
      dataIndex: 'user_agent',
      responsive: ['md'],
      // the table scrolls sideways on narrow screens, so the agent is clipped by width, with the whole text on hover
      render: (agent: string) => (
        <Typography.Text ellipsis={{ tooltip: agent }} style={{ maxWidth: 360 }}>
          {agent || '-'}
        </Typography.Text>
      ),
    },
    { title: t('records.time'), dataIndex: 'created_at', width: 180, render: (time: string) => formatDate(time) },
    {
      title: t('records.result'),
      dataIndex: 'result',
      width: 100,
      render: (result: LoginRecord['result']) => <Tag color={result === 'ok' ? 'success' : 'error'}>{t(`records.${result}`)}</Tag>,
    },
  ];

  return (
    <>
      {canQueryOthers ? (
        <Input.Search
          allowClear
          placeholder={t('records.searchUser')}
          onSearch={(value) => {
            setPage(1);
            setUserName(value.trim());
          }}
          style={{ maxWidth: 320, marginBottom: 12 }}
          data-testid="login-record-search"
        />
      ) : null}
      <Table<LoginRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={records.data?.list ?? []}
        loading={records.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize,
          total: records.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (next, size) => {
            setPage(size === pageSize ? next : 1);
            setPageSize(size);
          },
        }}
        data-testid="login-record-table"
      />
    </>
  );
}
