import { Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { interactiveAppIds, type InteractiveAppId } from '@starlight/contract/interactive';
import { PageHeader } from '../../components/page-header';
import { useAvailablePartitions } from '../../features/jobs/api/get-available-partitions';
import { LaunchSessionForm } from '../../features/interactive/components/launch-session-form';
import { SessionList } from '../../features/interactive/components/session-list';

/** /app/interactive[?app=<id>]: launch an interactive app (the one chosen in the catalogue) and the caller's sessions. */
export default function InteractiveAppsPage() {
  const { t } = useTranslation('interactive');
  const [search] = useSearchParams();
  const asked = search.get('app');
  const initialApp = interactiveAppIds.find((id): id is InteractiveAppId => id === asked);
  const partitions = useAvailablePartitions();
  const choices = (partitions.data ?? []).map((p) => ({ cluster: p.cluster_name, name: p.name, isDefault: p.is_default }));
  return (
    <div data-testid="interactive-page">
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={9}>
          <LaunchSessionForm key={initialApp ?? ''} partitions={choices} initialApp={initialApp} />
        </Col>
        <Col xs={24} xl={15}>
          <Typography.Title level={5}>{t('list.title')}</Typography.Title>
          <SessionList />
        </Col>
      </Row>
    </div>
  );
}
