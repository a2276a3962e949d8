import { Alert, Button } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { PermissionGate } from '../../components/permission-gate';
import { JobList } from '../../features/jobs/components/job-list';
import { SubmitJobButton } from '../../features/jobs/components/submit-job-drawer';
import { useHasAnyPermission } from '../../lib/permissions';

/** /job/myjobs: the jobs of my bound account on every cluster, and the submit form. */
export default function MyJobsPage() {
  const { t } = useTranslation('jobs');
  const bound = useHasAnyPermission(['binded_account']);
  return (
    <div data-testid="my-jobs-page">
      <PageHeader title={t('pages.mine')} subtitle={t('pages.mineSubtitle')} />
      {bound ? null : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('pages.bindFirst')}
          action={
            <Link to="/user-center/bind-account">
              <Button size="small" type="primary">
                {t('pages.bindNow')}
              </Button>
            </Link>
          }
          data-testid="jobs-bind-first"
        />
      )}
      <JobList
        scope="mine"
        enabled={bound}
        extra={
          <PermissionGate perms={['binded_account']}>
            <SubmitJobButton />
          </PermissionGate>
        }
      />
    </div>
  );
}
