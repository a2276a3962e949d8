import { useTranslation } from 'react-i18next';
import type { ReportName } from '@starlight/contract/statistics';
import { PageHeader } from '../../components/page-header';
import { ReportPage } from '../../features/statistics/components/report-page';

function Statistics({ name }: { name: ReportName }) {
  const { t } = useTranslation('statistics');
  return (
    <div>
      <PageHeader title={t(`reports.${name}`)} subtitle={t('subtitle')} />
      <ReportPage name={name} />
    </div>
  );
}

/** /statistics/*: the seven reports, one page component. */
export const ActiveUsersReport = () => <Statistics name="active-users" />;
export const ResourceReport = () => <Statistics name="resource" />;
export const WorkflowReport = () => <Statistics name="workflow" />;
export const ApprovalReport = () => <Statistics name="approval" />;
export const ImageReport = () => <Statistics name="image" />;
export const AppReport = () => <Statistics name="app" />;
export const TicketReport = () => <Statistics name="ticket" />;
