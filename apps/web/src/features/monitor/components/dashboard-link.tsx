import { useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Result, Skeleton, Space, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { monitorDashboardInputSchema } from '@starlight/contract/monitor';
import { PermissionLabel } from '../../../components/permission-label';
import { useHasAnyPermission } from '../../../lib/permissions';
import { useMonitorDashboard, useSaveMonitorDashboard } from '../api/monitor-dashboard';

/** The address form: the contract's own rule (an http(s) URL) checks it before it is sent. */
function DashboardForm({ url, onDone }: { url: string | null; onDone: () => void }) {
  const { t } = useTranslation('monitor');
  const save = useSaveMonitorDashboard();
  const [form] = Form.useForm<{ url: string }>();
  const valid = (value: string) => monitorDashboardInputSchema.safeParse({ url: value.trim() }).success;
  return (
    <Form form={form} layout="vertical" initialValues={{ url: url ?? '' }} onFinish={(v) => void save.mutateAsync(v.url.trim()).then(onDone)} data-testid="dashboard-form">
      <Form.Item
        name="url"
        label={t('dashboard.address')}
        extra={t('dashboard.addressHelp')}
        rules={[{ required: true, message: t('dashboard.required') }, { validator: (_, value: string) => (valid(value ?? '') ? Promise.resolve() : Promise.reject(new Error(t('dashboard.invalid')))) }]}
      >
        <Input placeholder="https://grafana.example.org/d/cluster" inputMode="url" data-testid="dashboard-url" />
      </Form.Item>
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="dashboard-save">
          {t('dashboard.save')}
        </Button>
        {url ? (
          <Button danger onClick={() => void save.mutateAsync(null).then(onDone)} data-testid="dashboard-clear">
            {t('dashboard.clear')}
          </Button>
        ) : null}
      </Space>
    </Form>
  );
}

/**
 * /cluster-partition/monitor-dashboard [platform_monitor]: opens the external monitoring dashboard whose
 * address a monitoring administrator (metrics_manage) sets here at run time; says how while it is unset.
 */
export function DashboardLink() {
  const { t } = useTranslation('monitor');
  const dashboard = useMonitorDashboard();
  const mayEdit = useHasAnyPermission(['metrics_manage']);
  const [editing, setEditing] = useState(false);
  if (dashboard.isPending) return <Skeleton active />;
  const url = dashboard.data?.url ?? null;
  return (
    <Flex vertical gap={16} data-testid="monitor-dashboard">
      {url ? (
        <Result
          icon={<LinkOutlined />}
          title={t('dashboard.title')}
          subTitle={<Typography.Text copyable={{ text: url }}>{url}</Typography.Text>}
          extra={
            <Button type="primary" href={url} target="_blank" rel="noopener noreferrer" data-testid="external-link">
              {t('dashboard.open')}
            </Button>
          }
        />
      ) : (
        <Alert
          type="info"
          showIcon
          data-testid="dashboard-unset"
          title={t('dashboard.unset')}
          description={mayEdit ? t('dashboard.unsetAdmin') : <>{t('dashboard.unsetUser')} <PermissionLabel permission="metrics_manage" /></>}
        />
      )}
      {mayEdit ? (
        <Card size="small" title={t('dashboard.settingTitle')} style={{ maxWidth: 720 }}>
          {url && !editing ? (
            <Button onClick={() => setEditing(true)} data-testid="dashboard-edit">
              {t('dashboard.change')}
            </Button>
          ) : (
            <DashboardForm url={url} onDone={() => setEditing(false)} />
          )}
        </Card>
      ) : null}
    </Flex>
  );
}
