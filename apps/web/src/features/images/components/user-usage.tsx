import { useState } from 'react';
import { Button, Drawer, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format';
import { useUsage } from '../api/images-api';
import { CliSecrets } from './cli-secrets';

/** Per-user image usage (their own namespace) and their CLI secrets (dchub-basic-admin). */
export function UserUsage() {
  const { t } = useTranslation('images');
  const [page, setPage] = useState(1);
  const [user, setUser] = useState<string | null>(null);
  const usage = useUsage(page);
  return (
    <>
      <Table
        size="small"
        rowKey="user_name"
        data-testid="image-user-usage"
        loading={usage.isLoading}
        dataSource={usage.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: 20, total: usage.data?.total ?? 0, onChange: setPage, simple: true }}
        columns={[
          { title: t('usage.user'), dataIndex: 'user_name' },
          { title: t('usage.repositories'), dataIndex: 'repositories' },
          { title: t('usage.tags'), dataIndex: 'tags' },
          { title: t('quotas.used'), dataIndex: 'used_bytes', render: (bytes: number) => formatBytes(bytes) },
          {
            title: t('usage.secrets'),
            dataIndex: 'secrets',
            render: (count: number, row: { user_name: string }) => (
              <Button size="small" onClick={() => setUser(row.user_name)}>
                {t('usage.secretCount', { count })}
              </Button>
            ),
          },
        ]}
      />
      <Drawer open={user !== null} onClose={() => setUser(null)} title={t('usage.secretsOf', { user: user ?? '' })} size="large">
        {user ? <CliSecrets userName={user} /> : null}
      </Drawer>
    </>
  );
}
