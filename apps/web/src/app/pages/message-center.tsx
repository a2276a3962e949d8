import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { MessageCenter } from '../../features/messages/components/message-center';
import { MessagePreferences } from '../../features/messages/components/message-preferences';

/** /user-center/message [binded_account]: the user's messages, and which kinds reach them how. */
export default function MessageCenterPage() {
  const { t } = useTranslation('messages');
  return (
    <div data-testid="message-center-page">
      <PageHeader title={t('center.title')} subtitle={t('center.subtitle')} />
      <MessageCenter />
      <MessagePreferences />
    </div>
  );
}
