import { Card, Col, Row, Statistic } from 'antd';
import { BellOutlined, KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface SummaryCardProps {
  /** Keys actually held ('' — the failed-fetch marker — is not one). */
  permissionCount: number;
  unreadCount: number | undefined;
}

export function SummaryCard({ permissionCount, unreadCount }: SummaryCardProps) {
  const { t } = useTranslation('dashboard');
  return (
    <Card title={t('summary.title')} data-testid="dashboard-summary">
      <Row gutter={16}>
        <Col span={12}>
          <Statistic title={t('summary.permissions')} value={permissionCount} prefix={<KeyOutlined />} data-testid="dashboard-permission-count" />
        </Col>
        <Col span={12}>
          <Statistic
            title={t('summary.unread')}
            value={unreadCount ?? '-'}
            prefix={<BellOutlined />}
            data-testid="dashboard-unread-count"
          />
        </Col>
      </Row>
    </Card>
  );
}
