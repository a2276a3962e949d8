import { useState } from 'react';
import { Button, Card, Form, Input, Space, Switch, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AccountFlag } from '@starlight/contract/fees';
import { useFlags, useSetFlag } from '../api/admin-fees';

/**
 * The whitelist (never over the limit, whatever they use) and an administrator's block (over the limit
 * whatever they use), beside the automatic rule. Either change is written into Slurm at once by the server.
 */
export function AccountFlags() {
  const { t } = useTranslation('fees');
  const [page, setPage] = useState({ page: 1, page_size: 20 });
  const flags = useFlags(page);
  const set = useSetFlag();
  const [form] = Form.useForm<{ user_name: string; reason?: string }>();
  const submit = (input: { whitelisted?: boolean; blocked?: boolean }) =>
    form.validateFields().then((v) => set.mutate({ userName: v.user_name.trim(), input: { ...input, reason: v.reason ?? '' } }, { onSuccess: () => form.resetFields() }), () => undefined);
  return (
    <Card title={t('flags.title')} data-testid="account-flags">
      <Form form={form} layout="inline" style={{ rowGap: 8, marginBottom: 12 }}>
        <Form.Item name="user_name" rules={[{ required: true, whitespace: true }]}><Input placeholder={t('flags.user')} data-testid="flag-user" /></Form.Item>
        <Form.Item name="reason"><Input placeholder={t('flags.reason')} maxLength={500} data-testid="flag-reason" /></Form.Item>
        <Space wrap>
          <Button onClick={() => submit({ whitelisted: true })} loading={set.isPending} data-testid="flag-whitelist">{t('flags.whitelist')}</Button>
          <Button danger onClick={() => submit({ blocked: true })} loading={set.isPending} data-testid="flag-block">{t('flags.block')}</Button>
        </Space>
      </Form>
      <Table<AccountFlag> rowKey="user_name" size="small" scroll={{ x: 'max-content' }} loading={flags.isFetching} dataSource={flags.data?.list}
        pagination={{ current: page.page, pageSize: page.page_size, total: flags.data?.total ?? 0, onChange: (p, s) => setPage({ page: p, page_size: s }) }}
        columns={[
          { title: t('flags.user'), dataIndex: 'user_name' },
          {
            title: t('flags.whitelisted'),
            key: 'w',
            render: (_, f) => <Switch size="small" checked={f.whitelisted} aria-label={`${t('flags.whitelisted')} ${f.user_name}`} data-testid={`flag-whitelisted-${f.user_name}`} onChange={(whitelisted) => set.mutate({ userName: f.user_name, input: { whitelisted } })} />,
          },
          {
            title: t('flags.blocked'),
            key: 'b',
            render: (_, f) => <Switch size="small" checked={f.blocked} aria-label={`${t('flags.blocked')} ${f.user_name}`} data-testid={`flag-blocked-${f.user_name}`} onChange={(blocked) => set.mutate({ userName: f.user_name, input: { blocked } })} />,
          },
          { title: t('flags.effect'), key: 'e', render: (_, f) => (f.blocked ? <Tag color="red">{t('flags.isBlocked')}</Tag> : f.whitelisted ? <Tag color="blue">{t('flags.neverBlocked')}</Tag> : <Tag>{t('flags.byRule')}</Tag>) },
          { title: t('flags.reason'), dataIndex: 'reason' },
          { title: t('flags.updated'), key: 'u', render: (_, f) => f.updated_at.slice(0, 16).replace('T', ' ') },
        ]} />
    </Card>
  );
}
