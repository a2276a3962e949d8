import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { JobList } from '../../features/jobs/components/job-list';

/** /job/list [query_others_job]: every job on every cluster. */
export default function AllJobsPage() {
  const { t } = useTranslation('jobs');
  return (
    <div data-testid="all-jobs-page">
      <PageHeader title={t('pages.all')} subtitle={t('pages.allSubtitle')} />
      <JobList scope="all" />
    </div>
  );
}
