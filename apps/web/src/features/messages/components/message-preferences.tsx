import { Card, Switch, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { MessagePreference } from '@starlight/contract/messages';
import { useMessagePreferences, useSaveMessagePreference } from '../api/preferences';
import { MessageKindTag } from './message-kind-tag';

/** Per kind: in the console and/or by e-mail. Job notices are off until the user turns them on. */
export function MessagePreferences() {
  const { t } = useTranslation('messages');
  const preferences = useMessagePreferences();
  const save = useSaveMessagePreference();
  const toggle = (preference: MessagePreference, channel: 'in_app' | 'email') => (
    <Switch
      size="small"
      checked={preference[channel]}
      loading={save.isPending && save.variables?.kind === preference.kind}
      onChange={(on) => save.mutate({ ...preference, [channel]: on })}
      data-testid={`pref-${preference.kind}-${channel}`}
      aria-label={`${t(`kinds.${preference.kind}`)}: ${t(`settings.${channel}`)}`}
    />
  );
  const columns: ColumnsType<MessagePreference> = [
    { title: t('center.kind'), dataIndex: 'kind', render: (_, p) => <MessageKindTag kind={p.kind} /> },
    { title: t('settings.in_app'), key: 'in_app', width: 120, render: (_, p) => toggle(p, 'in_app') },
    { title: t('settings.email'), key: 'email', width: 120, render: (_, p) => toggle(p, 'email') },
  ];
  return (
    <Card title={t('settings.title')} size="small" style={{ marginTop: 16 }} data-testid="message-preferences">
      <Typography.Paragraph type="secondary">{t('settings.hint')}</Typography.Paragraph>
      <Table<MessagePreference>
        rowKey="kind"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={preferences.data ?? []}
        loading={preferences.isLoading}
      />
    </Card>
  );
}
