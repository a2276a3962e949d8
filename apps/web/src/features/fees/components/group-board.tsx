import { useState } from 'react';
import { Button, Card, Input, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MemberUsage } from '@starlight/contract/fees';
import { useGroupCpuHours } from '../api/get-cpu-hours';
import { useMemberUsage } from '../api/get-member-usage';
import { coreHoursText, moneyText } from '../format-fees';
import { MemberLimitModal } from './member-limit-modal';
import { UsageChart } from './usage-chart';

/** /user-center/grpmanboard: members' usage and limits of the group I administer (paged on the server). */
export function GroupBoard() {
  const { t, i18n } = useTranslation('fees');
  const [page, setPage] = useState({ page: 1, page_size: 20 });
  const [name, setName] = useState('');
  const members = useMemberUsage({ ...page, field_lk_user_name: name || undefined });
  const [editing, setEditing] = useState<MemberUsage | null>(null);
  const hours = (s: number) => coreHoursText(s, i18n.language, t('unit.coreHours'));
  return (
    <Card data-testid="group-board">
      <Input.Search allowClear placeholder={t('group.searchMember')} onSearch={(v) => { setName(v); setPage((p) => ({ ...p, page: 1 })); }} style={{ maxWidth: 280, marginBottom: 12 }} />
      <Table<MemberUsage>
        rowKey="user_id"
        size="small"
        scroll={{ x: 'max-content' }}
        loading={members.isFetching}
        dataSource={members.data?.list}
        pagination={{ current: page.page, pageSize: page.page_size, total: members.data?.total ?? 0, onChange: (p, s) => setPage({ page: p, page_size: s }) }}
        columns={[
          { title: t('group.member'), dataIndex: 'user_name' },
          { title: t('group.used'), key: 'used', render: (_, m) => hours(m.core_seconds) },
          { title: t('group.cost'), key: 'cost', render: (_, m) => moneyText(m.cost) },
          { title: t('group.limit'), key: 'limit', render: (_, m) => (m.allocation?.cpu_seconds_limit != null ? hours(m.allocation.cpu_seconds_limit) : t('group.noLimit')) },
          { title: t('group.state'), key: 'state', render: (_, m) => <Tag color={m.over_limit ? 'red' : 'green'}>{m.over_limit ? t('status.over') : t('status.ok')}</Tag> },
          { title: t('actions'), key: 'actions', render: (_, m) => <Button size="small" onClick={() => setEditing(m)} data-testid={`set-limit-${m.user_name}`}>{t('group.setLimit')}</Button> },
        ]}
      />
      {editing ? <MemberLimitModal member={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

/** /user-center/grpman-cpuhours: the group's CPU-hours per day and its top users. */
export function GroupCpuHoursPanel({ groupId }: { groupId: number | undefined }) {
  const { t, i18n } = useTranslation('fees');
  const record = useGroupCpuHours(groupId);
  const hours = (s: number) => coreHoursText(s, i18n.language, t('unit.coreHours'));
  if (!record.data) return <Card loading={record.isLoading}>{record.isError ? t('loadFailed') : null}</Card>;
  const g = record.data;
  return (
    <Card title={t('group.totals', { name: g.group_name, used: hours(g.core_seconds), cost: moneyText(g.cost) })} data-testid="group-cpu-hours">
      {g.allocation ? <p>{t('group.allocation', { used: hours(g.allocation.used_core_seconds), limit: g.allocation.cpu_seconds_limit === null ? '-' : hours(g.allocation.cpu_seconds_limit) })}</p> : null}
      <UsageChart days={g.days} />
      <Table size="small" rowKey="user_name" pagination={false} dataSource={g.top_users} columns={[
        { title: t('group.member'), dataIndex: 'user_name' },
        { title: t('group.used'), key: 'u', render: (_, u) => hours(u.core_seconds) },
        { title: t('group.cost'), key: 'c', render: (_, u) => moneyText(u.cost) },
      ]} />
    </Card>
  );
}
