import { useState } from 'react';
import { Button, Card, List, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRequestablePartitions } from '../api/applications';
import { NewApplication } from './new-application';

/** Partitions the user sees but may not use, each with "request access" (an application for a grant to their group). */
export function RequestAccess() {
  const { t } = useTranslation('approvals');
  const partitions = useRequestablePartitions();
  const [asking, setAsking] = useState<string | null>(null);
  const closed = (partitions.data ?? []).filter((p) => !p.usable);
  if (closed.length === 0) return null;
  return (
    <Card title={t('request.title')} size="small" style={{ marginTop: 16 }} data-testid="request-access">
      <List
        dataSource={closed}
        renderItem={(p) => {
          const name = `${p.cluster_name}/${p.partition_name}`;
          return (
            <List.Item
              actions={[
                <Button key="ask" type="link" data-testid={`request-access-${name}`} onClick={() => setAsking(name)}>
                  {t('request.button')}
                </Button>,
              ]}
            >
              {name} <Tag>{t('request.noAccess')}</Tag>
            </List.Item>
          );
        }}
      />
      <NewApplication open={asking !== null} onClose={() => setAsking(null)} initial={{ kind: 'partition_access', partition: asking ?? undefined }} />
    </Card>
  );
}
