import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { AppParams } from '../../features/apps/components/app-params';

/** /app/app-params (query_partitions_admin): app resource defaults and limits per partition. */
export default function AppParamsPage() {
  const { t } = useTranslation('apps');
  return (
    <div data-testid="app-params-page">
      <PageHeader title={t('pages.params')} subtitle={t('pages.paramsSubtitle')} />
      <AppParams />
    </div>
  );
}
