import { Card, Col, Flex, Row, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { InteractiveApp } from '@starlight/contract/interactive';
import { interactiveAppsQueryOptions } from '../api/sessions';
import { AppIcon } from '../../../components/app-icon';

function InteractiveAppCard({ app }: { app: InteractiveApp }) {
  const { t } = useTranslation('interactive');
  return (
    <Link to={`/app/interactive?app=${encodeURIComponent(app.id)}`} data-testid={`app-card-interactive-${app.id}`} aria-label={`${app.title}: ${t('catalogue.open')}`}>
      <Card hoverable size="small" style={{ height: '100%' }}>
        <Flex gap={12} align="flex-start">
          <AppIcon icon={app.icon} fallback="🖥️" />
          <div style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis>
              {t(`apps.${app.id}`, { defaultValue: app.title })}
            </Typography.Text>
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {app.id} · {t('catalogue.kind')}
              </Typography.Text>
            </div>
            <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '4px 0' }}>
              {app.description}
            </Typography.Paragraph>
            <Flex wrap gap={4}>
              {app.labels.map((l) => (
                <Tag key={l}>{l}</Tag>
              ))}
              {app.installed ? null : <Tag color="warning">{t('launch.notInstalled', { packages: app.packages.join(' ') })}</Tag>}
            </Flex>
          </div>
        </Flex>
      </Card>
    </Link>
  );
}

/**
 * The application center's cards of kind `interactive` (GET /session/apps): each opens the launch form of
 * /app/interactive with that app chosen. Shown only to a user who may launch sessions (a bound account).
 */
export function InteractiveAppCards() {
  const { t } = useTranslation('interactive');
  const apps = useQuery(interactiveAppsQueryOptions());
  if (!apps.data?.length) return null;
  return (
    <section data-testid="interactive-app-cards" style={{ marginBottom: 24 }}>
      <Typography.Title level={5}>{t('catalogue.title')}</Typography.Title>
      <Row gutter={[12, 12]}>
        {apps.data.map((app) => (
          <Col key={app.id} xs={24} sm={12} lg={8} xxl={6}>
            <InteractiveAppCard app={app} />
          </Col>
        ))}
      </Row>
    </section>
  );
}
