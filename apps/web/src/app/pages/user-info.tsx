import { Col, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { useSelfInfo } from '../../features/profile/api/account';
import { LoginSecurityCard } from '../../features/profile/components/login-security-card';
import { ProfileOverview } from '../../features/profile/components/profile-overview';
import { SshKeysCard } from '../../features/profile/components/ssh-keys-card';
import { FeeStatusCard } from '../../features/fees/components/fee-status-card';

/** /profile/index and /user-center/user-info: one's own account. */
export default function UserInfoPage() {
  const { t } = useTranslation('profile');
  const self = useSelfInfo();
  return (
    <div data-testid="user-info-page">
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      {self.data ? (
        <Row gutter={[16, 16]}>
          <Col span={24}>
            <ProfileOverview user={self.data} />
          </Col>
          <Col span={24}>
            <FeeStatusCard />
          </Col>
          <Col xs={24} xl={12}>
            <SshKeysCard />
          </Col>
          <Col xs={24} xl={12}>
            <LoginSecurityCard />
          </Col>
        </Row>
      ) : (
        <Skeleton active />
      )}
    </div>
  );
}
