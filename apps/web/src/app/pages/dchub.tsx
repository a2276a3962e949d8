import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RepositoryBrowser } from '../../features/images/components/repository-browser';

/** /dchub: the public image hub, no login: public repositories, tags, pull commands, READMEs. */
export default function DchubPage() {
  const { t } = useTranslation('images');
  return (
    <div data-testid="dchub" style={{ maxWidth: 1200, margin: '0 auto', padding: 16 }}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('dchub.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('dchub.subtitle')}</Typography.Text>
        </div>
        <Link to="/login">
          <Button>{t('dchub.signIn')}</Button>
        </Link>
      </Flex>
      <RepositoryBrowser publicHub />
    </div>
  );
}
