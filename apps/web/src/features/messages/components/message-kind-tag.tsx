import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MessageKind } from '@starlight/contract/messages';

const colours: Record<MessageKind, string> = {
  notice: 'blue',
  password_changed: 'orange',
  binding_done: 'green',
  quota_changed: 'purple',
  job_finished: 'cyan',
  job_failed: 'red',
  application: 'geekblue',
  ticket: 'magenta',
  fee_over_limit: 'volcano',
};

export function MessageKindTag({ kind }: { kind: MessageKind }) {
  const { t } = useTranslation('messages');
  return (
    <Tag color={colours[kind]} data-testid="message-kind" data-kind={kind}>
      {t(`kinds.${kind}`)}
    </Tag>
  );
}
