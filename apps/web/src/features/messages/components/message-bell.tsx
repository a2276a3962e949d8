import { Badge, Button, Dropdown, Typography, type MenuProps } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatRelativeTime } from '../../../lib/format';
import { latestUnread, unreadCount, useUnreadMessages } from '../api/get-unread-messages';
import { useLiveMessages } from '../api/live-messages';
import { messageCenterPath, messageDetailPath } from './message-paths';
import './message-bell.css';

/** Top-bar unread bell (spec §2, §4): badge, the latest five, and a link to all messages. */
export function MessageBell() {
  const { t } = useTranslation('messages');
  const navigate = useNavigate();
  const { data } = useUnreadMessages();
  useLiveMessages(); // the bell is in every signed-in page: new messages reach it without a reload
  const count = unreadCount(data);
  const latest = latestUnread(data?.list ?? []);

  const items: MenuProps['items'] = [
    ...(latest.length > 0
      ? latest.map((message) => ({
          key: String(message.id),
          label: (
            <div className="sl-bell-item" data-testid="bell-item" data-id={message.id}>
              <Typography.Text ellipsis style={{ maxWidth: 260, display: 'block' }}>
                {message.title}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatRelativeTime(message.created_at)}
              </Typography.Text>
            </div>
          ),
        }))
      : [{ key: 'empty', disabled: true, label: <span data-testid="bell-empty">{t('bell.empty')}</span> }]),
    { type: 'divider' as const },
    { key: 'more', label: <span data-testid="bell-more">{t('bell.viewMore')}</span> },
  ];

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === 'more') {
            void navigate(messageCenterPath);
            return;
          }
          // the detail page marks it read when it opens
          const message = latest.find((m) => String(m.id) === key);
          if (message) void navigate(messageDetailPath(message.id));
        },
      }}
    >
      <span className="sl-bell" data-testid="message-bell" data-count={count}>
        <Badge count={count} size="small" overflowCount={99}>
          <Button type="text" aria-label={t('bell.label', { count })} icon={<BellOutlined />} />
        </Badge>
      </span>
    </Dropdown>
  );
}
