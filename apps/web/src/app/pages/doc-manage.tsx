import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { DocManage } from '../../features/docs/components/doc-manage';
import { useHasAnyPermission } from '../../lib/permissions';

/** /docoline: document management; editing needs get_star_documents_admin, everyone else browses what they may read. */
export default function DocManagePage() {
  const { t } = useTranslation('docs');
  const canEdit = useHasAnyPermission(['get_star_documents_admin']);
  return (
    <div>
      <PageHeader title={t('manage.heading')} subtitle={t('manage.subtitle')} />
      <DocManage canEdit={canEdit} />
    </div>
  );
}
