import { Button } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { useHasAnyPermission } from '../../lib/permissions';
import { TicketList } from '../../features/tickets/components/ticket-list';

/** /ticket/manage: one's own tickets; the whole queue for holders of manage_ticket. */
export default function TicketManagePage() {
  const { t } = useTranslation('tickets');
  const staff = useHasAnyPermission(['manage_ticket']);
  return (
    <div data-testid="ticket-manage-page">
      <PageHeader
        title={t(staff ? 'pages.queue' : 'pages.mine')}
        subtitle={t(staff ? 'pages.queueHelp' : 'pages.mineHelp')}
        extra={
          <Link to="/ticket/create">
            <Button type="primary">{t('pages.create')}</Button>
          </Link>
        }
      />
      <TicketList staff={staff} />
    </div>
  );
}
