import { useState } from 'react';
import { Button, Card, Descriptions, Flex, Form, Popconfirm, Result, Skeleton, Space, Steps, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RichHtml } from '../../../components/rich-html';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { formatDate } from '../../../lib/format';
import { feedback } from '../../../lib/feedback';
import { useApplication, useDecide, useWithdraw } from '../api/applications';
import { describeApplication, stateColors } from './describe';
import { NewApplication } from './new-application';

/** One application: what it asks, the chain's nodes as steps, every decision with its comment; decide, withdraw or renew. */
export function ApplicationDetail({ id, userId }: { id: number; userId: number | null }) {
  const { t } = useTranslation('approvals');
  const application = useApplication(id);
  const decide = useDecide(id);
  const withdraw = useWithdraw(id);
  const [comment, setComment] = useState('');
  const [renewing, setRenewing] = useState(false);
  if (application.isError) return <Result status="404" title={t('detail.missing')} data-testid="application-missing" />;
  if (!application.data) return <Skeleton active />;
  const a = application.data;
  const mine = a.applicant_id === userId;
  const finished = a.state !== 'pending';
  const current = a.state === 'approved' ? a.nodes.length : a.current_node;
  const stepStatus = a.state === 'rejected' ? 'error' : a.state === 'approved' ? 'finish' : a.state === 'pending' ? 'process' : 'wait';

  async function send(decision: 'approve' | 'reject') {
    await decide.mutateAsync({ decision, node: a.current_node, comment });
    setComment('');
    feedback().message.success(t(decision === 'approve' ? 'detail.approved' : 'detail.rejected'));
  }

  return (
    <Flex vertical gap={16} data-testid="application-detail" data-state={a.state}>
      <Card>
        <Descriptions column={{ xs: 1, sm: 2 }} size="small">
          <Descriptions.Item label={t('fields.kind')}>{t(`kinds.${a.kind}`)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.what')}>{describeApplication(a.kind, a.payload)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.applicant')}>{a.applicant_name}</Descriptions.Item>
          <Descriptions.Item label={t('fields.state')}>
            <Tag color={stateColors[a.state]} data-testid="application-state">
              {t(`states.${a.state}`)}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.created')}>{formatDate(a.created_at)}</Descriptions.Item>
          {a.period_days ? <Descriptions.Item label={t('fields.periodDays')}>{a.period_days}</Descriptions.Item> : null}
          {a.expires_at ? <Descriptions.Item label={t('fields.expires')}>{formatDate(a.expires_at)}</Descriptions.Item> : null}
        </Descriptions>
        {a.reason ? (
          <>
            <Typography.Text type="secondary">{t('fields.reason')}</Typography.Text>
            <RichHtml html={a.reason} testId="application-reason" />
          </>
        ) : null}
      </Card>
      <Card title={t('detail.chain')}>
        <Steps direction="vertical" size="small" current={current} status={stepStatus} items={a.nodes.map((n) => ({ title: n.name, description: t(`modes.${n.mode}`) }))} />
        <Timeline
          data-testid="application-timeline"
          items={a.decisions.map((d) => ({
            color: d.decision === 'approve' ? 'green' : 'red',
            children: (
              <div data-testid="application-decision">
                <Typography.Text strong>{d.user_name}</Typography.Text> {t(`decisions.${d.decision}`)} · {a.nodes[d.node]?.name} · {formatDate(d.created_at)}
                {d.comment ? <RichHtml html={d.comment} testId="decision-comment" /> : null}
              </div>
            ),
          }))}
        />
      </Card>
      {a.can_decide ? (
        <Card title={t('detail.decide')} data-testid="decide-card">
          <Form layout="vertical">
            <Form.Item label={t('detail.comment')} extra={t('detail.commentHelp')}>
              <RichTextEditor value={comment} onChange={setComment} testId="decision-comment-input" placeholder={t('detail.comment')} />
            </Form.Item>
            <Space wrap>
              <Button type="primary" loading={decide.isPending} onClick={() => void send('approve')} data-testid="approve">
                {t('detail.approve')}
              </Button>
              <Button danger disabled={comment.replace(/<[^>]*>/g, '').trim() === ''} loading={decide.isPending} onClick={() => void send('reject')} data-testid="reject">
                {t('detail.reject')}
              </Button>
            </Space>
          </Form>
        </Card>
      ) : null}
      {mine ? (
        <Space wrap>
          {!finished ? (
            <Popconfirm title={t('detail.withdrawConfirm')} onConfirm={() => void withdraw.mutateAsync(undefined)}>
              <Button data-testid="withdraw">{t('detail.withdraw')}</Button>
            </Popconfirm>
          ) : null}
          {a.state === 'approved' && a.expires_at ? (
            <Button onClick={() => setRenewing(true)} data-testid="renew">
              {t('detail.renew')}
            </Button>
          ) : null}
        </Space>
      ) : null}
      {renewing ? (
        <NewApplication
          open
          onClose={() => setRenewing(false)}
          renews={a.id}
          initial={{ kind: a.kind, partition: a.kind === 'partition_access' ? describeApplication(a.kind, a.payload) : undefined, period_days: a.period_days, ...(a.payload as object) }}
        />
      ) : null}
    </Flex>
  );
}
