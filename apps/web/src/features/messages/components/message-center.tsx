import { useState } from 'react';
import { Button, Flex, Input, Popconfirm, Segmented, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MessageStatus, messageKinds, type Message, type MessageKind } from '@starlight/contract/messages';
import { formatDate } from '../../../lib/format';
import { useMessages, type MessageFilter } from '../api/get-messages';
import { useDeleteMessage, useMarkAllRead, useSetMessageStatus } from '../api/patch-message';
import { MessageKindTag } from './message-kind-tag';
import { messageDetailPath } from './message-paths';

/** The message centre's list: all / unread / read, kind, title search, paged on the server; mark, mark all, delete. */
export function MessageCenter() {
  const { t } = useTranslation('messages');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [filter, setFilter] = useState<MessageFilter>('all');
  const [kind, setKind] = useState<MessageKind | undefined>();
  const [title, setTitle] = useState('');
  const messages = useMessages({ page, pageSize, filter, title, kind });
  const setStatus = useSetMessageStatus();
  const markAll = useMarkAllRead();
  const remove = useDeleteMessage();
  const first = () => setPage(1);

  const columns: ColumnsType<Message> = [
    {
      title: t('center.titleColumn'),
      dataIndex: 'title',
      render: (text: string, message) => (
        <Link to={messageDetailPath(message.id)} data-testid="message-link" data-id={message.id}>
          <Typography.Text strong={message.status === MessageStatus.unread} ellipsis={{ tooltip: text }} style={{ maxWidth: 420 }}>
            {text}
          </Typography.Text>
        </Link>
      ),
    },
    { title: t('center.kind'), dataIndex: 'kind', width: 130, render: (value: MessageKind) => <MessageKindTag kind={value} /> },
    { title: t('center.time'), dataIndex: 'created_at', width: 180, responsive: ['sm'], render: (time: string) => formatDate(time) },
    {
      title: t('center.actions'),
      key: 'actions',
      width: 200,
      render: (_, message) => {
        const unread = message.status === MessageStatus.unread;
        return (
          <Space size={4} wrap>
            <Button
              size="small"
              type="link"
              data-testid={unread ? 'mark-read' : 'mark-unread'}
              onClick={() => setStatus.mutate({ id: message.id, status: unread ? MessageStatus.read : MessageStatus.unread })}
            >
              {unread ? t('center.markRead') : t('center.markUnread')}
            </Button>
            <Popconfirm title={t('center.deleteConfirm')} okText={t('center.delete')} cancelText={t('center.cancel')} onConfirm={() => remove.mutateAsync(message.id)}>
              <Button size="small" type="link" danger data-testid="delete-message">
                {t('center.delete')}
              </Button>
            </Popconfirm>
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <Flex gap={12} wrap align="center" style={{ marginBottom: 12 }}>
        <Segmented<MessageFilter>
          value={filter}
          onChange={(value) => {
            setFilter(value);
            first();
          }}
          options={(['all', 'unread', 'read'] as const).map((value) => ({ value, label: t(`center.filter.${value}`) }))}
          data-testid="message-filter"
        />
        <Select<MessageKind>
          allowClear
          placeholder={t('center.allKinds')}
          value={kind}
          onChange={(value) => {
            setKind(value);
            first();
          }}
          options={messageKinds.map((value) => ({ value, label: t(`kinds.${value}`) }))}
          style={{ minWidth: 150 }}
          data-testid="message-kind-filter"
        />
        <Input.Search
          allowClear
          placeholder={t('center.search')}
          onSearch={(value) => {
            setTitle(value.trim());
            first();
          }}
          style={{ maxWidth: 280 }}
          data-testid="message-search"
        />
        <Button onClick={() => markAll.mutate(undefined)} loading={markAll.isPending} data-testid="mark-all-read">
          {t('center.markAllRead')}
        </Button>
      </Flex>
      <Table<Message>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={messages.data?.list ?? []}
        loading={messages.isFetching}
        scroll={{ x: 'max-content' }}
        rowClassName={(message) => (message.status === MessageStatus.unread ? 'sl-message-unread' : '')}
        pagination={{
          current: page,
          pageSize,
          total: messages.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (next, size) => {
            setPage(size === pageSize ? next : 1);
            setPageSize(size);
          },
        }}
        data-testid="message-table"
      />
    </>
  );
}
