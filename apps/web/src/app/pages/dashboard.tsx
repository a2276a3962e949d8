import { Alert, Card, Col, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSelf } from '../../features/auth/api/get-self';
import { AccountCard } from '../../features/dashboard/components/account-card';
import { SummaryCard } from '../../features/dashboard/components/summary-card';
import { unreadCount, useUnreadMessages } from '../../features/messages/api/get-unread-messages';
import { LatestMessages } from '../../features/messages/components/latest-messages';
import { StorageUsageCard } from '../../features/storage/components/storage-usage-card';
import { RunningSessionsCard } from '../../features/interactive/components/running-sessions-card';
import { FeeStatusCard } from '../../features/fees/components/fee-status-card';
import { PageHeader } from '../../components/page-header';
import { usePermissions } from '../../lib/permissions';

/** /dashboard: the signed-in user's real data, nothing made up. */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const self = useSelf();
  const permissions = usePermissions();
  const unread = useUnreadMessages();
  const name = self.data?.real_name || self.data?.user_name;

  return (
    <div data-testid="dashboard">
      <PageHeader title={name ? t('welcome', { name }) : t('title')} subtitle={t('subtitle')} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          {self.data ? (
            <AccountCard user={self.data} />
          ) : self.isError ? (
            <Alert type="error" showIcon title={t('account.failed')} />
          ) : (
            <Card>
              <Skeleton active />
            </Card>
          )}
          {permissions.includes('binded_account') ? (
            <div style={{ marginTop: 16 }}>
              <FeeStatusCard />
            </div>
          ) : null}
        </Col>
        <Col xs={24} xl={10}>
          <Row gutter={[16, 16]}>
            <Col span={24}>
              <SummaryCard
                permissionCount={permissions.filter((key) => key !== '').length}
                unreadCount={unread.data ? unreadCount(unread.data) : undefined}
              />
            </Col>
            <Col span={24}>
              <LatestMessages />
            </Col>
            {permissions.includes('binded_account') ? (
              <Col span={24}>
                <StorageUsageCard />
              </Col>
            ) : null}
            {permissions.includes('binded_account') ? (
              <Col span={24}>
                <RunningSessionsCard />
              </Col>
            ) : null}
          </Row>
        </Col>
      </Row>
    </div>
  );
}
