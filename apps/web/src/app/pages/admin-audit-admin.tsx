import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { AuditAdmin } from '../../features/admin/components/audit-admin';

export default function AuditAdminPage() {
  const { t } = useTranslation('admin');
  return (
    <div>
      <PageHeader title={t('pages.audit-admin.title')} subtitle={t('pages.audit-admin.subtitle')} />
      <AuditAdmin />
    </div>
  );
}
