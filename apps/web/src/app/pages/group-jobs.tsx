import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { JobList } from '../../features/jobs/components/job-list';

/** /job/groupjobs [query_by_group_name]: the jobs of my group's users. */
export default function GroupJobsPage() {
  const { t } = useTranslation('jobs');
  return (
    <div data-testid="group-jobs-page">
      <PageHeader title={t('pages.group')} subtitle={t('pages.groupSubtitle')} />
      <JobList scope="group" />
    </div>
  );
}
