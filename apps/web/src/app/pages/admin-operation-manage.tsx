import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { OperationManage } from '../../features/admin/components/operation-manage';

export default function OperationManagePage() {
  const { t } = useTranslation('admin');
  return (
    <div>
      <PageHeader title={t('pages.operation-manage.title')} subtitle={t('pages.operation-manage.subtitle')} />
      <OperationManage />
    </div>
  );
}
