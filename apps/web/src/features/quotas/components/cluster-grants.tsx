import { useMemo, useState } from 'react';
import { Alert, Button, Form, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Partition } from '@starlight/contract/hpc';
import { everyGroupId, type GroupQuota } from '@starlight/contract/quotas';
import { feedback } from '../../../lib/feedback';
import { useClusterGrants } from '../api/get-group-quotas';
import { useClusterPartitions } from '../api/get-cluster-partitions';
import { useGroupsAvailability } from '../api/get-groups';
import { useChangeGrant } from '../api/save-group-quota';
import { limitsFromForm, limitsToForm, type LimitFormValues } from '../quota-format';
import { GrantSummary } from './grant-summary';
import { LimitsModal } from './limits-modal';

type Editing = { kind: 'new'; partition: Partition } | { kind: 'edit'; partition: Partition; grant: GroupQuota } | null;
interface GrantFormValues extends LimitFormValues {
  group_id?: number;
}

/** Spec §2 cluster-partition-quotas/:cluster: partitions × groups — who may use each partition, within what. */
export function ClusterGrants({ clusterName }: { clusterName: string }) {
  const { t } = useTranslation('quotas');
  const partitions = useClusterPartitions(clusterName);
  const grants = useClusterGrants(clusterName);
  const groups = useGroupsAvailability();
  const change = useChangeGrant();
  const [editing, setEditing] = useState<Editing>(null);

  const byPartition = useMemo(() => {
    const map = new Map<string, GroupQuota[]>();
    for (const grant of grants.data?.list ?? []) map.set(grant.partition_name, [...(map.get(grant.partition_name) ?? []), grant]);
    return map;
  }, [grants.data]);

  if (partitions.isError || grants.isError) return <Alert type="error" showIcon message={t('errors.load')} />;
  const groupOptions = [
    { value: everyGroupId, label: t('grants.everyGroup') },
    ...(groups.data ?? []).filter((g) => g.group_id !== null).map((g) => ({ value: g.group_id!, label: g.group_name ?? '' })),
  ];

  const initial: GrantFormValues =
    editing?.kind === 'edit' ? limitsToForm(editing.grant) : { group_id: undefined, max_cpus: null, max_time_minutes: null, cpu_hours: null, expires_at: null };

  async function save(values: GrantFormValues) {
    if (!editing) return;
    const limits = limitsFromForm(values);
    const result =
      editing.kind === 'new'
        ? await change.mutateAsync({ kind: 'grant', input: { partition_id: editing.partition.id, group_id: values.group_id ?? everyGroupId, ...limits } })
        : await change.mutateAsync({ kind: 'update', id: editing.grant.id, patch: limits });
    for (const warning of result.warnings) feedback().message.warning(warning);
    feedback().message.success(t('grants.saved'));
  }

  async function revoke(grant: GroupQuota) {
    const result = await change.mutateAsync({ kind: 'revoke', partitionId: editing!.partition.id, groupId: grant.group_id ?? everyGroupId });
    for (const warning of result.warnings) feedback().message.warning(warning);
    feedback().message.success(t('grants.revoked'));
    setEditing(null);
  }

  return (
    <>
      <Table<Partition>
        rowKey="id"
        size="small"
        loading={partitions.isPending || grants.isPending}
        dataSource={partitions.data?.list ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="grants-table"
        columns={[
          {
            title: t('fields.partition'),
            dataIndex: 'name',
            render: (name: string, p) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{name}</Typography.Text>
                {p.init_type === 'private' || p.partition_type === 'private_partition' ? <Tag>{t('grants.private')}</Tag> : null}
              </Space>
            ),
          },
          {
            title: t('fields.grantedTo'),
            key: 'grants',
            render: (_, p) => (
              <Space wrap size={[4, 4]} data-testid={`grants-of-${p.name}`}>
                {(byPartition.get(p.name) ?? []).map((grant) => (
                  <GrantSummary key={grant.id} grant={grant} onClick={() => setEditing({ kind: 'edit', partition: p, grant })} />
                ))}
                {(byPartition.get(p.name) ?? []).length === 0 ? <Typography.Text type="secondary">{t('grants.nobody')}</Typography.Text> : null}
              </Space>
            ),
          },
          {
            title: '',
            key: 'actions',
            render: (_, p) => (
              <Button size="small" type="primary" ghost onClick={() => setEditing({ kind: 'new', partition: p })} data-testid={`grant-${p.name}`}>
                {t('grants.grant')}
              </Button>
            ),
          },
        ]}
      />
      <LimitsModal<GrantFormValues>
        open={editing !== null}
        testId="grant-form"
        title={editing ? t(editing.kind === 'new' ? 'grants.newTitle' : 'grants.editTitle', { partition: editing.partition.name }) : ''}
        initial={initial}
        fields={['max_cpus', 'max_time_minutes', 'cpu_hours', 'expires_at']}
        extra={
          editing?.kind === 'new' ? (
            <Form.Item name="group_id" label={t('fields.group')} rules={[{ required: true, message: t('grants.pickGroup') }]}>
              <Select options={groupOptions} showSearch optionFilterProp="label" loading={groups.isPending} data-testid="grant-form-group" />
            </Form.Item>
          ) : editing ? (
            <Typography.Paragraph>{t('grants.for', { group: editing.grant.group_name ?? t('grants.everyGroup') })}</Typography.Paragraph>
          ) : null
        }
        footerExtra={
          editing?.kind === 'edit' ? (
            <Popconfirm title={t('grants.revokeConfirm')} onConfirm={() => revoke(editing.grant)} okText={t('actions.revoke')} cancelText={t('actions.cancel')}>
              <Button danger data-testid="grant-form-revoke">
                {t('actions.revoke')}
              </Button>
            </Popconfirm>
          ) : null
        }
        onSubmit={save}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
