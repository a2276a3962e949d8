import { useEffect, useRef } from 'react';
import { Button, Card, Flex, Result, Skeleton, Space, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MessageStatus } from '@starlight/contract/messages';
import { formatDate } from '../../../lib/format';
import { useMessage } from '../api/get-messages';
import { useDeleteMessage, useMarkMessageRead, useSetMessageStatus } from '../api/patch-message';
import { MessageHtml } from './message-html';
import { MessageKindTag } from './message-kind-tag';
import { messageCenterPath } from './message-paths';
import './message-detail.css';

/** One message: opening it marks it read (once), so the bell's badge drops. */
export function MessageDetail({ id }: { id: number }) {
  const { t } = useTranslation('messages');
  const navigate = useNavigate();
  const message = useMessage(id);
  const markRead = useMarkMessageRead();
  const setStatus = useSetMessageStatus();
  const remove = useDeleteMessage();
  const unread = message.data?.status === MessageStatus.unread;
  const { mutate: markReadNow } = markRead;
  // once per opening: "mark unread" here must not be undone by the refetch that follows it
  const marked = useRef<number | null>(null);

  useEffect(() => {
    if (!unread || marked.current === id) return;
    marked.current = id;
    markReadNow(id);
  }, [unread, id, markReadNow]);

  if (message.isError)
    return <Result status="404" title={t('detail.missing')} extra={<Link to={messageCenterPath}>{t('detail.back')}</Link>} data-testid="message-missing" />;
  if (!message.data) return <Skeleton active />;
  const data = message.data;
  return (
    <Card
      data-testid="message-detail"
      data-status={data.status}
      title={
        <Typography.Title level={4} style={{ margin: 0, whiteSpace: 'normal' }} data-testid="message-title">
          {data.title}
        </Typography.Title>
      }
    >
      <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
        <MessageKindTag kind={data.kind} />
        <Typography.Text type="secondary">{formatDate(data.created_at)}</Typography.Text>
      </Flex>
      <MessageHtml html={data.content} />
      <Space wrap style={{ marginTop: 24 }}>
        <Button onClick={() => void navigate(messageCenterPath)}>{t('detail.back')}</Button>
        <Button onClick={() => setStatus.mutate({ id, status: MessageStatus.unread })} data-testid="detail-mark-unread">
          {t('center.markUnread')}
        </Button>
        <Button danger onClick={() => remove.mutate(id, { onSuccess: () => void navigate(messageCenterPath) })} data-testid="detail-delete">
          {t('center.delete')}
        </Button>
      </Space>
    </Card>
  );
}
