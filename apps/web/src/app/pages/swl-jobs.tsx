import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { RunList } from '../../features/apps/components/run-list';

/** /swl/jobs: the user's application and workflow runs. */
export default function SwlJobsPage() {
  const { t } = useTranslation('apps');
  return (
    <div data-testid="swl-jobs-page">
      <PageHeader title={t('pages.runs')} subtitle={t('pages.runsSubtitle')} />
      <RunList />
    </div>
  );
}
