import { useState } from 'react';
import { Alert, Button, Empty, Form, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserQuota } from '@starlight/contract/quotas';
import { feedback } from '../../../lib/feedback';
import { useMyGroupPartitions, usePartitionMemberQuotas } from '../api/get-member-quotas';
import { useSaveMemberQuota } from '../api/save-member-quota';
import { limitsFromForm, limitsToForm, type LimitFormValues } from '../quota-format';
import { LimitsModal } from './limits-modal';
import { QuotaUsage } from './quota-usage';

interface MemberRow {
  user_name: string;
  quota: UserQuota | null;
}
interface MemberFormValues extends LimitFormValues {
  allowed?: boolean;
}

/** Spec §2 user-partition-quota (group admin): each member's place in the group's grant on a partition. */
export function MemberPartitionQuotas() {
  const { t } = useTranslation('quotas');
  const group = useMyGroupPartitions();
  const [partitionId, setPartitionId] = useState<number>();
  const partitions = group.data?.partitions ?? [];
  const partition = partitions.find((p) => p.partition_id === partitionId) ?? partitions[0];
  const members = usePartitionMemberQuotas(partition ? { id: partition.partition_id, name: partition.name, cluster_name: partition.cluster_name } : undefined);
  const save = useSaveMemberQuota();
  const [editing, setEditing] = useState<MemberRow | null>(null);

  if (group.isError) return <Alert type="error" showIcon message={t('errors.load')} />;
  if (!group.isPending && partitions.length === 0) return <Empty description={t('members.noPartitions')} />;

  const initial: MemberFormValues = editing?.quota
    ? { ...limitsToForm(editing.quota), allowed: editing.quota.allowed }
    : { allowed: true, max_cpus: null, max_time_minutes: null, cpu_hours: null, expires_at: null };

  async function submit(values: MemberFormValues) {
    if (!editing || !partition) return;
    const result = await save.mutateAsync({ partitionId: partition.partition_id, userName: editing.user_name, input: { allowed: values.allowed ?? true, ...limitsFromForm(values) } });
    for (const warning of result.warnings) feedback().message.warning(warning);
    feedback().message.success(t('members.saved'));
  }

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Select
        style={{ width: '100%', maxWidth: 360 }}
        loading={group.isPending}
        value={partition?.partition_id}
        onChange={setPartitionId}
        data-testid="member-partition-select"
        options={partitions.map((p) => ({ value: p.partition_id, label: `${p.cluster_name} / ${p.name}` }))}
      />
      {partition ? (
        <Typography.Text type="secondary">
          {t('members.grantLimits', {
            cpus: partition.max_cpus ?? t('limits.none'),
            minutes: partition.max_time_minutes ?? t('limits.none'),
          })}
        </Typography.Text>
      ) : null}
      <Table<MemberRow>
        rowKey="user_name"
        size="small"
        loading={members.isPending && !!partition}
        dataSource={members.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="member-quotas-table"
        columns={[
          { title: t('fields.user'), dataIndex: 'user_name' },
          {
            title: t('fields.state'),
            key: 'state',
            render: (_, row) => (row.quota && !row.quota.allowed ? <Tag color="error">{t('members.excluded')}</Tag> : <Tag color="success">{t('members.allowed')}</Tag>),
          },
          { title: t('fields.maxCpus'), key: 'cpus', render: (_, row) => row.quota?.max_cpus ?? t('limits.fromGrant') },
          { title: t('fields.maxTime'), key: 'time', render: (_, row) => row.quota?.max_time_minutes ?? t('limits.fromGrant') },
          {
            title: t('fields.myUsage'),
            key: 'usage',
            render: (_, row) => (row.quota ? <QuotaUsage used={row.quota.used_cpu_seconds} limit={row.quota.cpu_seconds_limit} /> : t('limits.fromGrant')),
          },
          {
            title: '',
            key: 'edit',
            render: (_, row) => (
              <Button size="small" onClick={() => setEditing(row)} data-testid={`edit-member-${row.user_name}`}>
                {t('actions.edit')}
              </Button>
            ),
          },
        ]}
      />
      <LimitsModal<MemberFormValues>
        open={editing !== null}
        testId="member-form"
        title={editing ? t('members.editTitle', { user: editing.user_name, partition: partition?.name ?? '' }) : ''}
        initial={initial}
        fields={['max_cpus', 'max_time_minutes', 'cpu_hours', 'expires_at']}
        emptyHint={t('hints.emptyGrant')}
        extra={
          <Form.Item name="allowed" label={t('fields.allowed')} valuePropName="checked">
            <Switch data-testid="member-form-allowed" />
          </Form.Item>
        }
        onSubmit={submit}
        onClose={() => setEditing(null)}
      />
    </Space>
  );
}
