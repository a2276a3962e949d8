import { Button, Result } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Unavailable } from '../../components/unavailable';
import { useRouteHandle } from '../route-context';

/** A route that only points elsewhere (monitoring dashboard, third-party routes). */
export default function ExternalLinkPage() {
  const { t } = useTranslation(['routes', 'common']);
  const handle = useRouteHandle();
  const link = handle?.route.meta.link;
  const title = handle?.route.meta.title ? t(`routes:${handle.route.meta.title}`) : '';
  if (!link) return <Unavailable area={title} />;
  return (
    <Result
      icon={<LinkOutlined />}
      title={title}
      subTitle={t('common:externalLink.description')}
      extra={
        <Button type="primary" href={link} target="_blank" rel="noopener noreferrer" data-testid="external-link">
          {t('common:externalLink.open')}
        </Button>
      }
    />
  );
}
