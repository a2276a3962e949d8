import { useState } from 'react';
import { Alert, Button, Empty, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ClusterUser } from '@starlight/contract/quotas';
import { feedback } from '../../../lib/feedback';
import { useClusterUsers } from '../api/get-cluster-users';
import { useMyGroupPartitions } from '../api/get-member-quotas';
import { useSaveClusterQuota } from '../api/save-cluster-quota';
import { limitsFromForm, limitsToForm, type LimitFormValues } from '../quota-format';
import { LimitsModal } from './limits-modal';
import { QuotaUsage } from './quota-usage';

/** Spec §2 user-cluster-quota (group admin): each member's CPU time and CPUs per job on a whole cluster. */
export function MemberClusterQuotas() {
  const { t } = useTranslation('quotas');
  const group = useMyGroupPartitions();
  const clusters = [...new Map((group.data?.partitions ?? []).map((p) => [p.cluster_id, p.cluster_name])).entries()];
  const [clusterId, setClusterId] = useState<number>();
  const selected = clusters.find(([id]) => id === clusterId) ?? clusters[0];
  const users = useClusterUsers(selected?.[0]);
  const save = useSaveClusterQuota();
  const [editing, setEditing] = useState<ClusterUser | null>(null);

  if (group.isError || users.isError) return <Alert type="error" showIcon message={t('errors.load')} />;
  if (!group.isPending && clusters.length === 0) return <Empty description={t('members.noPartitions')} />;

  const initial: LimitFormValues = editing?.quota ? limitsToForm(editing.quota) : { max_cpus: null, cpu_hours: null, expires_at: null };

  async function submit(values: LimitFormValues) {
    if (!editing || !selected) return;
    const { max_cpus, cpu_seconds_limit, expires_at } = limitsFromForm(values);
    await save.mutateAsync({ cluster_name: selected[1], user_name: editing.user_name, max_cpus, cpu_seconds_limit, expires_at });
    feedback().message.success(t('members.saved'));
  }

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Select
        style={{ width: '100%', maxWidth: 360 }}
        loading={group.isPending}
        value={selected?.[0]}
        onChange={setClusterId}
        data-testid="member-cluster-select"
        options={clusters.map(([id, name]) => ({ value: id, label: name }))}
      />
      <Table<ClusterUser>
        rowKey="user_id"
        size="small"
        loading={users.isPending && !!selected}
        dataSource={users.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="member-cluster-table"
        columns={[
          { title: t('fields.user'), dataIndex: 'user_name' },
          { title: t('fields.partitions'), key: 'partitions', render: (_, u) => <Typography.Text>{u.partitions.join(', ') || '-'}</Typography.Text> },
          { title: t('fields.maxCpus'), key: 'cpus', render: (_, u) => u.quota?.max_cpus ?? t('limits.none') },
          { title: t('fields.cpuHours'), key: 'usage', render: (_, u) => <QuotaUsage used={u.quota?.used_cpu_seconds ?? null} limit={u.quota?.cpu_seconds_limit ?? null} /> },
          {
            title: '',
            key: 'edit',
            render: (_, u) => (
              <Button size="small" onClick={() => setEditing(u)} data-testid={`edit-cluster-quota-${u.user_name}`}>
                {t('actions.edit')}
              </Button>
            ),
          },
        ]}
      />
      <LimitsModal<LimitFormValues>
        open={editing !== null}
        testId="cluster-quota-form"
        title={editing ? t('members.clusterTitle', { user: editing.user_name, cluster: selected?.[1] ?? '' }) : ''}
        initial={initial}
        fields={['max_cpus', 'cpu_hours', 'expires_at']}
        emptyHint={t('hints.emptyGroup')}
        onSubmit={submit}
        onClose={() => setEditing(null)}
      />
    </Space>
  );
}
