import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { Designer } from '../../features/designer/components/designer';

/** /app/design, /app/design/:app and /app/MyEdit: the application in design (one at a time, spec §2). */
export default function AppDesignPage() {
  const { t } = useTranslation('designer');
  const { app } = useParams();
  return (
    <div data-testid="app-design-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Designer key={app ?? ''} appName={app} />
    </div>
  );
}
