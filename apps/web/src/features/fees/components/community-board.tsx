import { useState } from 'react';
import { Button, Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CommunityGroupUsage, CommunitySummary } from '@starlight/contract/fees';
import { downloadCommunityCsv, useCommunities, useCommunityUsage } from '../api/get-community-usage';
import { coreHoursText, moneyText } from '../format-fees';
import { UsageChart } from './usage-chart';

/** /user-center/communitymanboard: the communities I administer. */
export function CommunityList() {
  const { t, i18n } = useTranslation('fees');
  const list = useCommunities();
  return (
    <Card data-testid="community-board">
      <Table<CommunitySummary> rowKey="community_id" size="small" scroll={{ x: 'max-content' }} loading={list.isLoading} dataSource={list.data} pagination={false} columns={[
        { title: t('community.name'), key: 'n', render: (_, c) => <Link to={`/user-center/communityfee/${encodeURIComponent(c.community_name)}`}>{c.community_name}</Link> },
        { title: t('community.groups'), dataIndex: 'groups' },
        { title: t('group.used'), key: 'u', render: (_, c) => coreHoursText(c.core_seconds, i18n.language, t('unit.coreHours')) },
        { title: t('group.cost'), key: 'c', render: (_, c) => moneyText(c.cost) },
      ]} />
    </Card>
  );
}

/** /user-center/communityfee/:communityName: the community's groups (paged), chart and CSV. */
export function CommunityFee({ name }: { name: string }) {
  const { t, i18n } = useTranslation('fees');
  const [page, setPage] = useState({ page: 1, page_size: 20 });
  const usage = useCommunityUsage(name, page);
  const hours = (s: number) => coreHoursText(s, i18n.language, t('unit.coreHours'));
  return (
    <Card
      data-testid="community-fee"
      title={usage.data ? t('community.totals', { used: hours(usage.data.core_seconds), cost: moneyText(usage.data.cost) }) : name}
      extra={<Button onClick={() => void downloadCommunityCsv(name)} data-testid="community-csv">{t('community.csv')}</Button>}
    >
      {usage.data ? <UsageChart days={usage.data.days} /> : null}
      <Table<CommunityGroupUsage>
        rowKey="group_id"
        size="small"
        scroll={{ x: 'max-content' }}
        loading={usage.isFetching}
        dataSource={usage.data?.groups.list}
        pagination={{ current: page.page, pageSize: page.page_size, total: usage.data?.groups.total ?? 0, onChange: (p, s) => setPage({ page: p, page_size: s }) }}
        columns={[
          { title: t('community.group'), dataIndex: 'group_name' },
          { title: t('community.members'), dataIndex: 'members' },
          { title: t('group.used'), key: 'u', render: (_, g) => hours(g.core_seconds) },
          { title: t('group.cost'), key: 'c', render: (_, g) => moneyText(g.cost) },
          { title: t('group.limit'), key: 'l', render: (_, g) => (g.allocation?.cpu_seconds_limit != null ? hours(g.allocation.cpu_seconds_limit) : '-') },
        ]}
      />
    </Card>
  );
}
