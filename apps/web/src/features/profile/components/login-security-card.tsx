import { useState } from 'react';
import { Alert, Button, Card, Divider, Flex, Form, Input, List, Popconfirm, Switch, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LoginSecurityInput } from '@starlight/contract/profile';
import { feedback } from '../../../lib/feedback';
import { useAccessRecords, useCreateAccessRecord, useDeleteAccessRecord, useLoginSecurity, useUpdateLoginSecurity } from '../api/login-security';
import { firstProblem } from '../api/problems';

type Setting = keyof LoginSecurityInput;
const settings: Setting[] = ['always_captcha', 'notify_new_ip', 'restrict_networks'];

/**
 * One's sign-in rules (enforced by the server at login) and the networks one signs in from
 * (access records; with "only from my networks" on, the only ones accepted).
 */
export function LoginSecurityCard() {
  const { t } = useTranslation('profile');
  const security = useLoginSecurity();
  const update = useUpdateLoginSecurity();
  const records = useAccessRecords();
  const create = useCreateAccessRecord();
  const remove = useDeleteAccessRecord();
  const [form] = Form.useForm<{ name: string; network: string }>();
  const [problem, setProblem] = useState<string | null>(null);

  const toggle = (setting: Setting, value: boolean) =>
    update.mutate({ [setting]: value }, { onError: (error) => feedback().message.error(firstProblem(error).text) });

  const addNetwork = (values: { name: string; network: string }) => {
    setProblem(null);
    create.mutate(values, { onSuccess: () => form.resetFields(), onError: (error) => setProblem(firstProblem(error).text) });
  };

  return (
    <Card title={t('security.title')} loading={security.isLoading} data-testid="login-security-card">
      <Flex vertical gap={12}>
        {settings.map((setting) => (
          <Flex key={setting} justify="space-between" align="flex-start" gap={12}>
            <div>
              <Typography.Text strong>{t(`security.${setting}`)}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{t(`security.${setting}Hint`)}</Typography.Text>
            </div>
            <Switch
              checked={security.data?.[setting] ?? false}
              loading={update.isPending}
              onChange={(value) => toggle(setting, value)}
              aria-label={t(`security.${setting}`)}
              data-testid={`security-${setting}`}
            />
          </Flex>
        ))}
      </Flex>
      <Divider titlePlacement="start">{t('security.networks')}</Divider>
      {security.data?.restrict_networks ? <Alert type="info" showIcon title={t('security.restrictedNote')} style={{ marginBottom: 12 }} /> : null}
      <List
        size="small"
        dataSource={records.data?.list ?? []}
        locale={{ emptyText: t('security.noNetworks') }}
        renderItem={(record) => (
          <List.Item
            data-testid="access-record-row"
            actions={[
              <Popconfirm key="delete" title={t('security.confirmDelete')} onConfirm={() => remove.mutate(record.id, { onError: (error) => feedback().message.error(firstProblem(error).text) })}>
                <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={t('security.delete')} />
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta title={`${record.name} · ${record.network}`} description={record.note || null} />
          </List.Item>
        )}
      />
      <Form form={form} layout="inline" onFinish={addNetwork} style={{ marginTop: 12, rowGap: 8 }}>
        <Form.Item name="name" rules={[{ required: true, message: t('security.nameRequired') }]}>
          <Input placeholder={t('security.networkName')} maxLength={60} data-testid="access-name" />
        </Form.Item>
        <Form.Item name="network" rules={[{ required: true, message: t('security.networkRequired') }]}>
          <Input placeholder="10.0.0.0/8" maxLength={50} data-testid="access-network" />
        </Form.Item>
        <Button htmlType="submit" loading={create.isPending} data-testid="access-add">
          {t('security.addNetwork')}
        </Button>
      </Form>
      {problem ? <Typography.Text type="danger">{problem}</Typography.Text> : null}
    </Card>
  );
}
