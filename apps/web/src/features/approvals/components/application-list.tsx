import { useState } from 'react';
import { Flex, Input, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { applicationKinds, applicationStates, type Application, type ApplicationKind } from '@starlight/contract/approvals';
import { formatDate } from '../../../lib/format';
import { useApplications, type ApplicationScope } from '../api/applications';
import { describeApplication, detailPath, stateColors } from './describe';

/** A paged list of applications: the caller's, their queue, or (staff) everyone's; filtered on the server. */
export function ApplicationList({ scope }: { scope: ApplicationScope }) {
  const { t } = useTranslation('approvals');
  const [page, setPage] = useState(1);
  const [state, setState] = useState<string | undefined>();
  const [kind, setKind] = useState<ApplicationKind | undefined>();
  const [applicant, setApplicant] = useState('');
  const list = useApplications(scope, { page, pageSize: 20, state, kind, applicant });
  const columns: ColumnsType<Application> = [
    { title: '#', dataIndex: 'id', width: 70, render: (id: number) => <Link to={detailPath(id)}>#{id}</Link> },
    { title: t('fields.kind'), dataIndex: 'kind', render: (k: ApplicationKind) => t(`kinds.${k}`) },
    { title: t('fields.what'), key: 'what', render: (_, a) => describeApplication(a.kind, a.payload) },
    ...(scope === 'mine' ? [] : [{ title: t('fields.applicant'), dataIndex: 'applicant_name' }]),
    { title: t('fields.state'), dataIndex: 'state', render: (s: Application['state']) => <Tag color={stateColors[s]}>{t(`states.${s}`)}</Tag> },
    { title: t('fields.created'), dataIndex: 'created_at', render: (v: string) => formatDate(v) },
  ];
  return (
    <div data-testid={`applications-${scope}`}>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder={t('fields.state')}
          style={{ minWidth: 140 }}
          value={state}
          onChange={(v) => (setState(v), setPage(1))}
          options={applicationStates.map((s) => ({ value: s, label: t(`states.${s}`) }))}
        />
        <Select
          allowClear
          placeholder={t('fields.kind')}
          style={{ minWidth: 160 }}
          value={kind}
          onChange={(v) => (setKind(v), setPage(1))}
          options={applicationKinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        />
        {scope === 'mine' ? null : (
          <Input.Search allowClear placeholder={t('fields.applicant')} style={{ maxWidth: 220 }} onSearch={(v) => (setApplicant(v), setPage(1))} />
        )}
      </Flex>
      <Table
        rowKey="id"
        size="middle"
        scroll={{ x: 640 }}
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        columns={columns}
        pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      />
    </div>
  );
}
