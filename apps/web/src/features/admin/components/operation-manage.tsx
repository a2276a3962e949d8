import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Operation } from '@starlight/contract/admin';
import { currentLanguage } from '../../../lib/i18n';
import { useOperations } from '../api/get-roles';

/** operation-manage [query_role]: every permission key, what it allows (current language), the routes it opens, how many roles hold it. */
export function OperationManage() {
  const { t } = useTranslation('admin');
  const operations = useOperations();
  const language = currentLanguage();
  return (
    <Table<Operation>
      data-testid="operation-manage"
      rowKey="key"
      size="middle"
      loading={operations.isFetching}
      dataSource={operations.data ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          key: 'meaning',
          title: t('operations.meaning'),
          render: (_: unknown, o) => (
            <span>
              <span data-testid="operation-meaning">{o.meanings[language]}</span> <Typography.Text type="secondary" code>{o.key}</Typography.Text>
            </span>
          ),
        },
        { key: 'routes', title: t('operations.routes'), responsive: ['md'], render: (_: unknown, o) => o.routes.map((r) => <Tag key={r}>{r}</Tag>) },
        { key: 'roles', title: t('operations.roles'), dataIndex: 'role_count', align: 'right' },
        { key: 'grantable', title: t('operations.grantable'), responsive: ['md'], render: (_: unknown, o) => (o.grantable ? t('common.yes') : t('operations.followsBinding')) },
      ]}
    />
  );
}
