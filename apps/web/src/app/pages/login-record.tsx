import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { LoginRecordTable } from '../../features/profile/components/login-record-table';
import { useHasAnyPermission } from '../../lib/permissions';

/** /user-center/login-record [query_all_user]: sign-in records with user, IP, agent, time and result. */
export default function LoginRecordPage() {
  const { t } = useTranslation('profile');
  const canQueryOthers = useHasAnyPermission(['query_all_user']);
  return (
    <div data-testid="login-record-page">
      <PageHeader title={t('records.title')} subtitle={t('records.subtitle')} />
      <LoginRecordTable canQueryOthers={canQueryOthers} />
    </div>
  );
}
