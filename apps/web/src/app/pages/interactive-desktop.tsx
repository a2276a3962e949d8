import { Button } from 'antd';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { DesktopViewer, isSessionId, MissingSession } from '../../features/interactive/components/desktop-viewer';

/** /app/interactive/:id/desktop: one remote desktop session in the browser. */
export default function InteractiveDesktopPage() {
  const { t } = useTranslation('interactive');
  const { id = '' } = useParams();
  return (
    <div data-testid="desktop-page">
      <PageHeader
        title={t('desktop.title')}
        extra={
          <Link to="/app/interactive">
            <Button>{t('desktop.back')}</Button>
          </Link>
        }
      />
      {isSessionId(id) ? <DesktopViewer sessionId={id} /> : <MissingSession />}
    </div>
  );
}
