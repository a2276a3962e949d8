import { Alert } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { AppSpec } from '../../features/apps/components/app-spec';
import type { PathPicker } from '../../features/apps/components/launch-form';
import { StoragePathPicker } from '../../features/storage/components/storage-path-picker';
import { useHasAnyPermission } from '../../lib/permissions';

// the file manager's picker, handed to the launch form (features never import each other)
const picker: PathPicker = ({ kind, onPick }) => <StoragePathPicker kind={kind} onPick={onPick} />;

/** /app/spec/:appname: the application's documentation, inputs, outputs and launch form. */
export default function AppSpecPage() {
  const { t } = useTranslation('apps');
  const { appname = '' } = useParams();
  const bound = useHasAnyPermission(['binded_account']);
  return (
    <div data-testid="app-spec-page">
      <PageHeader title={t('pages.spec')} subtitle={appname} />
      {bound ? null : <Alert type="info" showIcon title={t('pages.bindFirst')} style={{ marginBottom: 16 }} />}
      <AppSpec key={appname} name={appname} picker={picker} />
    </div>
  );
}
