import { useState, type ReactNode } from 'react';
import { Card, Col, Empty, Flex, Input, Pagination, Row, Select, Skeleton, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { listSchema } from '@starlight/contract/envelope';
import { labelSchema } from '@starlight/contract/labels';
import type { App } from '@starlight/contract/apps';
import { apiSpec } from '../../../lib/api-client';
import { useApps } from '../api/apps-api';
import { AppIcon } from '../../../components/app-icon';

const pageSize = 12;

function AppCard({ app }: { app: App }) {
  const { t } = useTranslation('apps');
  return (
    <Link to={`/app/spec/${app.name}`} data-testid={`app-card-${app.name}`}>
      <Card hoverable size="small" style={{ height: '100%' }}>
        <Flex gap={12} align="flex-start">
          <AppIcon icon={app.icon} fallback="📦" />
          <div style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis>
              {app.title}
            </Typography.Text>
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {app.name} · {t('card.version', { version: app.latest_version })} · {t(`class.${app.class}`, { defaultValue: app.class })}
              </Typography.Text>
            </div>
            <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '4px 0' }}>
              {app.description}
            </Typography.Paragraph>
            <Flex wrap gap={4}>
              {app.labels.map((l) => (
                <Tag key={l.id}>{l.name}</Tag>
              ))}
            </Flex>
          </div>
        </Flex>
      </Card>
    </Link>
  );
}

/** /app/list and /app/my-list: search, label filter, cards (paged on the server). */
/** `extra`: what a page adds under each card (e.g. /app/my-list's "request publishing"). */
export function AppCatalogue({ scope, extra }: { scope: 'visible' | 'mine'; extra?: (app: App) => ReactNode }) {
  const { t } = useTranslation('apps');
  const [search, setSearch] = useState('');
  const [labels, setLabels] = useState<number[]>([]);
  const [page, setPage] = useState(1);
  const apps = useApps({ page, pageSize, search, labels, scope });
  const labelOptions = useQuery({
    queryKey: ['labels', 'all-for-apps'],
    queryFn: async ({ signal }) => listSchema(labelSchema).parse(await apiSpec('/label/label', { signal, query: { page_size: 100 } })),
    staleTime: 60_000,
  });
  return (
    <div data-testid="app-catalogue">
      <Flex wrap gap={8} style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('catalogue.search')}
          aria-label={t('catalogue.search')}
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
          style={{ width: 260, maxWidth: '100%' }}
          data-testid="app-search"
        />
        <Select
          mode="multiple"
          allowClear
          placeholder={t('catalogue.labels')}
          aria-label={t('catalogue.labels')}
          style={{ minWidth: 200, maxWidth: '100%' }}
          value={labels}
          onChange={(v) => {
            setLabels(v);
            setPage(1);
          }}
          options={(labelOptions.data?.list ?? []).filter((l) => l.label_type_name !== 'link').map((l) => ({ value: l.id, label: `${l.label_type_name}: ${l.name}` }))}
        />
      </Flex>
      {apps.isLoading ? (
        <Skeleton active />
      ) : apps.data?.list.length ? (
        <>
          <Row gutter={[12, 12]}>
            {apps.data.list.map((app) => (
              <Col key={app.id} xs={24} sm={12} lg={8} xxl={6}>
                <AppCard app={app} />
                {extra?.(app)}
              </Col>
            ))}
          </Row>
          <Pagination style={{ marginTop: 16 }} size="small" current={page} pageSize={pageSize} total={apps.data.total} onChange={setPage} showSizeChanger={false} />
        </>
      ) : (
        <Empty description={t(scope === 'mine' ? 'catalogue.emptyMine' : 'catalogue.empty')} />
      )}
    </div>
  );
}
