import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { useHasAnyPermission } from '../../lib/permissions';
import { MessageCenter } from '../../features/messages/components/message-center';
import { MessagePreferences } from '../../features/messages/components/message-preferences';
import { MessageTemplates } from '../../features/messages/components/message-templates';

/**
 * /user-center/message [binded_account]: the user's messages, and which kinds reach them how; with
 * manage_message_template a second tab administers the templates and sends them (the spec gives templates no page).
 */
export default function MessageCenterPage() {
  const { t } = useTranslation('messages');
  const templates = useHasAnyPermission(['manage_message_template']);
  const inbox = (
    <>
      <MessageCenter />
      <MessagePreferences />
    </>
  );
  return (
    <div data-testid="message-center-page">
      <PageHeader title={t('center.title')} subtitle={t('center.subtitle')} />
      {templates ? (
        <Tabs
          destroyOnHidden
          items={[
            { key: 'inbox', label: t('center.inboxTab'), children: inbox },
            { key: 'templates', label: <span data-testid="templates-tab">{t('templates.tab')}</span>, children: <MessageTemplates /> },
          ]}
        />
      ) : (
        inbox
      )}
    </div>
  );
}
