import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { OutboxAdmin } from '../../features/admin/components/outbox-admin';

export default function OutboxPage() {
  const { t } = useTranslation('admin');
  return (
    <div>
      <PageHeader title={t('pages.outbox.title')} subtitle={t('pages.outbox.subtitle')} />
      <OutboxAdmin />
    </div>
  );
}
