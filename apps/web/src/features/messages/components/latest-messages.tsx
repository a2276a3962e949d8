import { Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatRelativeTime } from '../../../lib/format';
import { latestUnread, useUnreadMessages } from '../api/get-unread-messages';
import { messageCenterPath, messageDetailPath } from './message-paths';
import './latest-messages.css';

/** The newest unread messages, as the bell lists them. */
export function LatestMessages() {
  const { t } = useTranslation('messages');
  const { data, isLoading, isError } = useUnreadMessages();
  const latest = latestUnread(data?.list ?? []);

  let body;
  if (isError) body = <Typography.Text type="danger">{t('latest.failed')}</Typography.Text>;
  else if (isLoading) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (latest.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bell.empty')} />;
  else
    body = (
      <ul className="sl-message-list">
        {latest.map((message) => (
          <li key={message.id} data-testid="latest-message" data-id={message.id}>
            <Flex justify="space-between" gap={12}>
              <Link to={messageDetailPath(message.id)} className="sl-message-link" data-testid="latest-message-link">
                <Typography.Text ellipsis>{message.title}</Typography.Text>
              </Link>
              <Typography.Text type="secondary" title={formatDate(message.created_at)} style={{ flexShrink: 0 }}>
                {formatRelativeTime(message.created_at)}
              </Typography.Text>
            </Flex>
          </li>
        ))}
      </ul>
    );

  return (
    <Card title={t('latest.title')} extra={<Link to={messageCenterPath}>{t('bell.viewMore')}</Link>} data-testid="dashboard-messages">
      {body}
    </Card>
  );
}
