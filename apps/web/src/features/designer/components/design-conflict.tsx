import { Alert, Button, Popconfirm, Space } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Draft } from '../draft-store';

/** Spec §2: one application in design at a time; opening another is blocked with this warning. */
export function DesignConflict({ draft, onDiscard }: { draft: Draft; onDiscard: () => void }) {
  const { t } = useTranslation('designer');
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="designer-conflict"
      message={t('conflict.message')}
      description={
        <Space direction="vertical">
          <span>{t('conflict.current', { app: draft.app ?? t('newApp') })}</span>
          <Space wrap>
            <Link to={draft.app ? `/app/design/${encodeURIComponent(draft.app)}` : '/app/design'}>
              <Button type="primary">{t('conflict.continue')}</Button>
            </Link>
            <Popconfirm title={t('finish.confirm')} onConfirm={onDiscard}>
              <Button danger>{t('conflict.discard')}</Button>
            </Popconfirm>
          </Space>
        </Space>
      }
    />
  );
}
