import { useState } from 'react';
import { Flex, Input, Select, Table } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { runStates, type Run, type RunState } from '@starlight/contract/apps';
import { formatDate } from '../../../lib/format';
import { useRuns } from '../api/apps-api';
import { RunStateTag } from './run-state-tag';

/** /swl/jobs: my runs, filtered by state and app, paged on the server. */
export function RunList() {
  const { t } = useTranslation('apps');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [states, setStates] = useState<RunState[]>([]);
  const [app, setApp] = useState('');
  const runs = useRuns({ page, pageSize, states, app });
  return (
    <div data-testid="run-list">
      <Flex wrap gap={8} style={{ marginBottom: 12 }}>
        <Select
          mode="multiple"
          allowClear
          placeholder={t('runs.state')}
          aria-label={t('runs.state')}
          style={{ minWidth: 180, maxWidth: '100%' }}
          value={states}
          onChange={(v) => {
            setStates(v);
            setPage(1);
          }}
          options={runStates.map((s) => ({ value: s, label: t(`state.${s}`) }))}
        />
        <Input.Search
          allowClear
          placeholder={t('runs.app')}
          aria-label={t('runs.app')}
          style={{ width: 200, maxWidth: '100%' }}
          onSearch={(v) => {
            setApp(v.trim());
            setPage(1);
          }}
        />
      </Flex>
      <Table<Run>
        size="small"
        rowKey="uuid"
        loading={runs.isLoading}
        dataSource={runs.data?.list ?? []}
        scroll={{ x: true }}
        pagination={{ current: page, pageSize, total: runs.data?.total ?? 0, onChange: (p, s) => (setPage(p), setPageSize(s)), size: 'small' }}
        columns={[
          { title: t('runs.app'), key: 'app', render: (_, r) => <Link to={`/swl/run/${r.app}/${r.uuid}`}>{`${r.app_title} v${r.version}`}</Link> },
          { title: t('runs.state'), dataIndex: 'state', render: (s: string) => <RunStateTag state={s} /> },
          { title: t('runs.cluster'), key: 'cluster', responsive: ['md'], render: (_, r) => `${r.cluster}/${r.partition}` },
          { title: t('runs.created'), dataIndex: 'created_at', responsive: ['sm'], render: (v: string) => formatDate(v) },
          { title: t('runs.ended'), dataIndex: 'ended_at', responsive: ['lg'], render: (v: string | null) => (v ? formatDate(v) : '') },
        ]}
      />
    </div>
  );
}
