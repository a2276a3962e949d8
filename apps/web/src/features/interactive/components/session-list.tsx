import { Col, Empty, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessions } from '../api/sessions';
import { SessionCard } from './session-card';

/** "My sessions": every session of the caller, newest first, as cards. */
export function SessionList({ enabled = true }: { enabled?: boolean }) {
  const { t } = useTranslation('interactive');
  const sessions = useSessions(false, enabled);
  if (sessions.isLoading) return <Skeleton active />;
  const list = sessions.data?.list ?? [];
  if (list.length === 0) return <Empty description={t('list.empty')} />;
  return (
    <Row gutter={[16, 16]} data-testid="session-list">
      {list.map((session) => (
        <Col key={session.id} xs={24} lg={12}>
          <SessionCard session={session} />
        </Col>
      ))}
    </Row>
  );
}
