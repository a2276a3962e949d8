import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { TicketDetail } from '../../features/tickets/components/ticket-detail';

/** /ticket/detail/:id */
export default function TicketDetailPage() {
  const { t } = useTranslation('tickets');
  const { id = '' } = useParams();
  return (
    <div data-testid="ticket-detail-page">
      <PageHeader title={t('pages.detail', { id })} />
      <TicketDetail id={Number(id)} />
    </div>
  );
}
