import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { AccountFlags } from '../../features/fees/components/account-flags';
import { Allocations, FeeSettingsForm, PriceTables } from '../../features/fees/components/fee-admin';

/** /user-center/fee-admin [kcluster_clusters_admin]: price tables, allocations, the whitelist and blocks. */
export default function FeeAdminPage() {
  const { t } = useTranslation('fees');
  return (
    <div data-testid="fee-admin-page">
      <PageHeader title={t('pages.admin')} subtitle={t('pages.adminSubtitle')} />
      <Row gutter={[16, 16]}>
        <Col span={24}><PriceTables /></Col>
        <Col span={24}><FeeSettingsForm /></Col>
        <Col span={24}><Allocations /></Col>
        <Col span={24}><AccountFlags /></Col>
      </Row>
    </div>
  );
}
