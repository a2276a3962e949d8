import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { useHasAnyPermission } from '../../lib/permissions';
import { QuotasAdmin } from '../../features/images/components/quotas-admin';
import { RegistriesAdmin } from '../../features/images/components/registries-admin';

/** /image-center/image-manage: registries (and, for dchub-basic-admin, namespace quotas and GC). */
export default function ImageManagePage() {
  const { t } = useTranslation('images');
  const isAdmin = useHasAnyPermission(['dchub-basic-admin']);
  return (
    <div data-testid="image-manage">
      <PageHeader title={t('manage.title')} subtitle={t('manage.subtitle')} />
      <Tabs
        items={[
          { key: 'registries', label: t('manage.registries'), children: <RegistriesAdmin /> },
          ...(isAdmin ? [{ key: 'quotas', label: t('manage.quotas'), children: <QuotasAdmin /> }] : []),
        ]}
      />
    </div>
  );
}
