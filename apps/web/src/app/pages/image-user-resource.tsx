import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { UserUsage } from '../../features/images/components/user-usage';

/** /image-center/user-resource [dchub-basic-admin]: per-user image usage and CLI secrets. */
export default function ImageUserResourcePage() {
  const { t } = useTranslation('images');
  return (
    <div data-testid="image-user-resource">
      <PageHeader title={t('usage.title')} subtitle={t('usage.subtitle')} />
      <UserUsage />
    </div>
  );
}
