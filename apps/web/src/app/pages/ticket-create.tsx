import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { TicketForm } from '../../features/tickets/components/ticket-form';

/** /ticket/create */
export default function TicketCreatePage() {
  const { t } = useTranslation('tickets');
  return (
    <div data-testid="ticket-create-page">
      <PageHeader title={t('pages.create')} subtitle={t('pages.createHelp')} />
      <TicketForm />
    </div>
  );
}
