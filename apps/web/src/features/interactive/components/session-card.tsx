import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { finalSessionStates, type Session, type SessionState } from '@starlight/contract/interactive';
import { formatDate } from '../../../lib/format';
import { connectSession, useEndSession, useExtendSession, useRelaunchSession, useSessionOutput } from '../api/sessions';

const stateColors: Record<SessionState, string> = { queued: 'default', starting: 'processing', running: 'success', completed: 'default', failed: 'error', expired: 'warning' };

/** Minutes until the time limit, or null before the session started. */
export function minutesLeft(session: Pick<Session, 'ends_at'>, now = Date.now()): number | null {
  return session.ends_at ? Math.max(0, Math.floor((Date.parse(session.ends_at) - now) / 60_000)) : null;
}

function OutputModal({ session, open, onClose }: { session: Session; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('interactive');
  const output = useSessionOutput(session.id, open);
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('card.output')} width={800}>
      {(['stdout', 'stderr'] as const).map((stream) => (
        <div key={stream}>
          <Typography.Text strong>{stream}</Typography.Text>
          <pre style={{ maxHeight: 240, overflow: 'auto', background: '#f5f5f5', padding: 8, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid={`session-${stream}`}>
            {output.data?.[stream] ?? t('card.noOutput')}
          </pre>
        </div>
      ))}
    </Modal>
  );
}

/** One session: state, where and how long it runs, and what the owner can do with it. */
export function SessionCard({ session, compact = false }: { session: Session; compact?: boolean }) {
  const { t } = useTranslation('interactive');
  const navigate = useNavigate();
  const end = useEndSession();
  const relaunch = useRelaunchSession();
  const extend = useExtendSession();
  const [outputOpen, setOutputOpen] = useState(false);
  const [connectError, setConnectError] = useState<string | null>(null);
  const over = finalSessionStates.includes(session.state);
  const left = minutesLeft(session);

  const connect = async () => {
    setConnectError(null);
    if (session.app === 'desktop') {
      void navigate(`/app/interactive/${session.id}/desktop`);
      return;
    }
    // opened on the click itself (a window opened after an await is a blocked pop-up)
    const tab = window.open('', '_blank');
    try {
      const { url } = await connectSession(session.id);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.location.href = url;
    } catch (error) {
      tab?.close();
      setConnectError(String((error as { info?: string }).info ?? error));
    }
  };

  const actions = [
    session.state === 'running' ? (
      <Button key="connect" type="primary" onClick={() => void connect()} data-testid="session-connect">
        {t('card.connect')}
      </Button>
    ) : null,
    session.state === 'running' ? (
      <Popconfirm key="extend" title={t('card.extendConfirm')} onConfirm={() => extend.mutate({ id: session.id, hours: 1 })}>
        <Button loading={extend.isPending} data-testid="session-extend">
          {t('card.extend')}
        </Button>
      </Popconfirm>
    ) : null,
    over ? null : (
      <Popconfirm key="end" title={t('card.endConfirm')} onConfirm={() => end.mutate(session.id)}>
        <Button danger loading={end.isPending} data-testid="session-end">
          {t('card.end')}
        </Button>
      </Popconfirm>
    ),
    over ? (
      <Button key="relaunch" onClick={() => relaunch.mutate(session.id)} loading={relaunch.isPending} data-testid="session-relaunch">
        {t('card.relaunch')}
      </Button>
    ) : null,
    compact ? null : (
      <Button key="output" onClick={() => setOutputOpen(true)} data-testid="session-output">
        {t('card.output')}
      </Button>
    ),
  ].filter(Boolean);

  return (
    <Card
      size="small"
      data-testid="session-card"
      data-session-id={session.id}
      data-state={session.state}
      title={
        <Space wrap>
          {t(`apps.${session.app}`)}
          <Tag color={stateColors[session.state]} data-testid="session-state">
            {t(`states.${session.state}`)}
          </Tag>
        </Space>
      }
    >
      {session.idle ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title={t('card.idle')}
          action={
            <Button size="small" danger onClick={() => end.mutate(session.id)} data-testid="session-end-idle">
              {t('card.end')}
            </Button>
          }
        />
      ) : null}
      <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
        <Descriptions.Item label={t('card.where')}>{`${session.cluster}/${session.partition}`}</Descriptions.Item>
        <Descriptions.Item label={t('card.node')}>{session.node ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('card.job')}>{session.job_id}</Descriptions.Item>
        <Descriptions.Item label={t('card.timeLeft')}>{left === null || over ? '—' : t('card.minutes', { count: left })}</Descriptions.Item>
        {compact ? null : <Descriptions.Item label={t('card.created')}>{formatDate(session.created_at)}</Descriptions.Item>}
        {compact ? null : <Descriptions.Item label={t('card.resources')}>{session.memory_mb === null
              ? t('card.resourcesValue', { cpus: session.cpus, hours: session.hours })
              : t('card.resourcesMemory', { cpus: session.cpus, hours: session.hours, memory: Math.round((session.memory_mb / 1024) * 10) / 10 })}</Descriptions.Item>}
      </Descriptions>
      {session.reason && session.state !== 'running' ? (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }} data-testid="session-reason">
          {session.reason}
        </Typography.Paragraph>
      ) : null}
      {connectError ? <Alert type="error" showIcon title={connectError} style={{ marginBottom: 8 }} /> : null}
      <Space wrap>{actions}</Space>
      {compact ? null : <OutputModal session={session} open={outputOpen} onClose={() => setOutputOpen(false)} />}
    </Card>
  );
}
