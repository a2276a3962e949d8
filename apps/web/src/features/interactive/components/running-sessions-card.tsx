import { Card, Empty, Space } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSessions } from '../api/sessions';
import { SessionCard } from './session-card';

/** The dashboard's card: sessions that are not over yet, each with its connect and end buttons. */
export function RunningSessionsCard() {
  const { t } = useTranslation('interactive');
  const sessions = useSessions(true);
  const list = sessions.data?.list ?? [];
  return (
    <Card title={t('dashboard.title')} extra={<Link to="/app/interactive">{t('dashboard.all')}</Link>} loading={sessions.isLoading} data-testid="running-sessions">
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.none')} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          {list.map((session) => (
            <SessionCard key={session.id} session={session} compact />
          ))}
        </Space>
      )}
    </Card>
  );
}
