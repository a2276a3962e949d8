import { useState } from 'react';
import { Button, Card, Checkbox, Descriptions, Flex, Popconfirm, Result, Select, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TicketDetail as Detail } from '@starlight/contract/tickets';
import { RichHtml } from '../../../components/rich-html';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { feedback } from '../../../lib/feedback';
import { formatDate } from '../../../lib/format';
import { downloadAttachment, useAssignees, useCloseTicket, useReopenTicket, useReply, useTicket, useUpdateTicket } from '../api/tickets';
import { TicketStateTag, useDuration } from './ticket-tags';

/** /ticket/detail/:id: the ticket, its conversation, and what the caller may do (reply, close, reopen; staff: assign, state, notes). */
export function TicketDetail({ id }: { id: number }) {
  const { t } = useTranslation('tickets');
  const ticket = useTicket(id);
  const duration = useDuration();
  if (ticket.isError) return <Result status="404" title={t('detail.missing')} data-testid="ticket-missing" />;
  if (!ticket.data) return <Skeleton active />;
  const d = ticket.data;
  return (
    <Flex vertical gap={16} data-testid="ticket-detail" data-state={d.state}>
      <Card>
        <Descriptions column={{ xs: 1, sm: 2 }} size="small">
          <Descriptions.Item label={t('fields.state')}>
            <TicketStateTag state={d.state} />
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.category')}>{t(`categories.${d.category}`)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.user')}>{d.user_name}</Descriptions.Item>
          <Descriptions.Item label={t('fields.assignee')}>{d.assignee_name ?? '—'}</Descriptions.Item>
          {d.cluster ? <Descriptions.Item label={t('fields.cluster')}>{d.cluster}</Descriptions.Item> : null}
          {d.job_id ? <Descriptions.Item label={t('fields.job')}>{d.job_id}</Descriptions.Item> : null}
          <Descriptions.Item label={t('fields.created')}>{formatDate(d.created_at)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.firstResponse')}>{duration(d.first_response_seconds)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.resolution')}>{duration(d.resolution_seconds)}</Descriptions.Item>
        </Descriptions>
        <RichHtml html={d.body} testId="ticket-body-html" />
        {d.attachments.length > 0 ? (
          <Space wrap data-testid="ticket-attachments">
            {d.attachments.map((a) => (
              <Button key={a.id} size="small" icon={<PaperClipOutlined />} onClick={() => void downloadAttachment(d.id, a.id, a.name)} data-testid="ticket-attachment">
                {a.name} ({Math.ceil(a.size / 1024)} KiB)
              </Button>
            ))}
          </Space>
        ) : null}
      </Card>
      <Card title={t('detail.conversation')}>
        {d.replies.length === 0 ? <Typography.Text type="secondary">{t('detail.noReplies')}</Typography.Text> : null}
        <Timeline
          data-testid="ticket-replies"
          items={d.replies.map((r) => ({
            color: r.internal ? 'gray' : r.staff ? 'blue' : 'green',
            children: (
              <div data-testid="ticket-reply" data-staff={r.staff} data-internal={r.internal}>
                <Typography.Text strong>{r.author_name}</Typography.Text> {r.staff ? <Tag color="blue">{t('detail.staff')}</Tag> : null}
                {r.internal ? <Tag>{t('detail.internal')}</Tag> : null} <Typography.Text type="secondary">{formatDate(r.created_at)}</Typography.Text>
                <RichHtml html={r.body} testId="ticket-reply-body" />
              </div>
            ),
          }))}
        />
      </Card>
      {d.can.reply ? <ReplyBox ticket={d} /> : null}
      <Actions ticket={d} />
    </Flex>
  );
}

function ReplyBox({ ticket }: { ticket: Detail }) {
  const { t } = useTranslation('tickets');
  const reply = useReply(ticket.id);
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  async function send() {
    await reply.mutateAsync({ body, internal });
    setBody('');
    setInternal(false);
    feedback().message.success(t('detail.sent'));
  }
  return (
    <Card title={t('detail.reply')} data-testid="ticket-reply-card">
      <Flex vertical gap={8}>
        <RichTextEditor value={body} onChange={setBody} testId="reply-body" placeholder={t('detail.reply')} />
        <Space wrap>
          {ticket.can.manage ? (
            <Checkbox checked={internal} onChange={(e) => setInternal(e.target.checked)} data-testid="reply-internal">
              {t('detail.internalNote')}
            </Checkbox>
          ) : null}
          <Button type="primary" disabled={body === ''} loading={reply.isPending} onClick={() => void send()} data-testid="reply-send">
            {t('detail.send')}
          </Button>
        </Space>
      </Flex>
    </Card>
  );
}

function Actions({ ticket }: { ticket: Detail }) {
  const { t } = useTranslation('tickets');
  const close = useCloseTicket(ticket.id);
  const reopen = useReopenTicket(ticket.id);
  const update = useUpdateTicket(ticket.id);
  const assignees = useAssignees(ticket.can.manage);
  const open = ticket.state !== 'closed';
  return (
    <Space wrap>
      {ticket.can.manage && open ? (
        <>
          <Select
            style={{ minWidth: 160 }}
            value={ticket.state}
            onChange={(state) => void update.mutateAsync({ state: state as 'open' })}
            options={(['open', 'in_progress', 'waiting_user', 'resolved'] as const).map((s) => ({ value: s, label: t(`states.${s}`) }))}
            data-testid="ticket-set-state"
            aria-label={t('fields.state')}
          />
          <Select
            allowClear
            style={{ minWidth: 160 }}
            placeholder={t('detail.assign')}
            value={ticket.assignee_id ?? undefined}
            onChange={(v: number | undefined) => void update.mutateAsync({ assignee_id: v ?? null })}
            options={(assignees.data ?? []).map((a) => ({ value: a.id, label: a.user_name }))}
            data-testid="ticket-assign"
            aria-label={t('fields.assignee')}
          />
        </>
      ) : null}
      {ticket.can.close ? (
        <Popconfirm title={t('detail.closeConfirm')} onConfirm={() => void close.mutateAsync(undefined)}>
          <Button data-testid="ticket-close">{t('detail.close')}</Button>
        </Popconfirm>
      ) : null}
      {ticket.can.reopen ? (
        <Button onClick={() => void reopen.mutateAsync(undefined)} data-testid="ticket-reopen">
          {t('detail.reopen')}
        </Button>
      ) : null}
    </Space>
  );
}
