import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { LabelAdmin } from '../../features/labels/components/label-admin';

/** /label/label-admin [manage_label, get_star_documents_admin or manage_mei]: label types and labels. */
export default function LabelAdminPage() {
  const { t } = useTranslation('labels');
  return (
    <div data-testid="label-admin">
      <PageHeader title={t('admin.title')} subtitle={t('admin.subtitle')} />
      <LabelAdmin />
    </div>
  );
}
