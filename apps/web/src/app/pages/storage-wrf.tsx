import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { WrfCaseForm } from '../../features/wrf/wrf-case';

/** /storage/wrf: the WRF case page. */
export default function StorageWrfPage() {
  const { t } = useTranslation('wrf');
  return (
    <div>
      <PageHeader title={t('heading')} subtitle={t('subtitle')} />
      <WrfCaseForm />
    </div>
  );
}
