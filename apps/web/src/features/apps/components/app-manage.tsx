import { useState } from 'react';
import { Button, Flex, Input, Modal, Pagination, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { appOwnerKinds, appVisibilities, type App } from '@starlight/contract/apps';
import { feedback } from '../../../lib/feedback';
import { useHasAnyPermission } from '../../../lib/permissions';
import { useAppAdmin, useAppVersion } from '../api/app-admin-api';
import { useApps } from '../api/apps-api';
import { AppLabelsModal } from './app-labels';

const pageSize = 20;

/** One version: how many runs pin it; a version no run pins (and not the latest) can be deleted. */
function VersionRow({ app, version }: { app: App; version: number }) {
  const { t } = useTranslation('apps');
  const { message } = feedback();
  const detail = useAppVersion(app.name, version);
  const { deleteVersion } = useAppAdmin();
  const pinned = detail.data?.version.pinned_by_runs ?? 0;
  const latest = version === app.latest_version;
  return (
    <Flex wrap gap={8} align="center" data-testid={`manage-version-${app.name}-${version}`}>
      <Tag>{t('card.version', { version })}</Tag>
      <Typography.Text type="secondary">{latest ? t('manage.latest') : t('manage.pinned', { count: pinned })}</Typography.Text>
      <Popconfirm
        title={t('manage.deleteVersionConfirm', { version })}
        onConfirm={() =>
          deleteVersion.mutate({ name: app.name, version }, { onSuccess: () => void message.success(t('manage.deleted', { version })), onError: (e) => void message.error(e.message) })
        }
        disabled={latest || pinned > 0}
      >
        <Button size="small" danger disabled={latest || pinned > 0 || detail.isLoading}>
          {t('manage.deleteVersion')}
        </Button>
      </Popconfirm>
    </Flex>
  );
}

function TransferModal({ app, onClose }: { app: App | null; onClose: () => void }) {
  const { t } = useTranslation('apps');
  const { message } = feedback();
  const { transfer } = useAppAdmin();
  const [kind, setKind] = useState<App['owner_kind']>('platform');
  const [user, setUser] = useState('');
  if (!app) return null;
  return (
    <Modal
      open
      title={t('manage.transferTitle', { app: app.name })}
      confirmLoading={transfer.isPending}
      onCancel={onClose}
      onOk={() =>
        transfer.mutate(
          { name: app.name, owner_kind: kind, ...(kind === 'platform' ? {} : { user_name: user.trim() }) },
          { onSuccess: () => (void message.success(t('manage.transferred')), onClose()), onError: (e) => void message.error(e.message) },
        )
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Select value={kind} onChange={setKind} options={appOwnerKinds.map((k) => ({ value: k, label: t(`manage.owner.${k}`) }))} style={{ width: '100%' }} data-testid="manage-transfer-kind" />
        {kind !== 'platform' ? <Input value={user} onChange={(e) => setUser(e.target.value)} placeholder={t('manage.transferUser')} data-testid="manage-transfer-user" /> : null}
      </Space>
    </Modal>
  );
}

/** /app/manage: every app — visibility (publish = public), owner transfer, versions no run pins deleted. */
export function AppManage() {
  const { t } = useTranslation('apps');
  const { message } = feedback();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [transferring, setTransferring] = useState<App | null>(null);
  const [labelling, setLabelling] = useState<App | null>(null);
  const mayLabel = useHasAnyPermission(['manage_label']);
  const apps = useApps({ page, pageSize, search, labels: [], scope: 'all' });
  const { visibility } = useAppAdmin();
  return (
    <Flex vertical gap={12} data-testid="app-manage">
      <Input.Search allowClear placeholder={t('catalogue.search')} onSearch={(v) => (setSearch(v), setPage(1))} style={{ maxWidth: 320 }} />
      <Table<App>
        rowKey="name"
        size="small"
        loading={apps.isLoading}
        dataSource={apps.data?.list ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowRender: (app) => <Flex vertical gap={6}>{Array.from({ length: app.latest_version }, (_, i) => app.latest_version - i).map((v) => <VersionRow key={v} app={app} version={v} />)}</Flex> }}
        columns={[
          { key: 'name', title: t('manage.app'), render: (_, app) => <Link to={`/app/spec/${app.name}`}>{`${app.title} (${app.name})`}</Link> },
          { key: 'owner', title: t('manage.ownerColumn'), render: (_, app) => `${t(`manage.owner.${app.owner_kind}`)}${app.owner_user_name ? ` · ${app.owner_user_name}` : ''}` },
          {
            key: 'visibility',
            title: t('manage.visibility'),
            render: (_, app) => (
              <Select
                size="small"
                value={app.visibility}
                style={{ minWidth: 110 }}
                data-testid={`manage-visibility-${app.name}`}
                options={appVisibilities.map((v) => ({ value: v, label: t(`manage.visibilityOption.${v}`) }))}
                onChange={(v) => visibility.mutate({ name: app.name, visibility: v }, { onError: (e) => void message.error(e.message) })}
              />
            ),
          },
          { key: 'latest', title: t('manage.latestColumn'), render: (_, app) => app.latest_version },
          {
            key: 'labels',
            title: t('manage.labels'),
            render: (_, app) => (
              <Flex wrap gap={4} data-testid={`manage-labels-${app.name}`}>
                {app.labels.map((l) => (
                  <Tag key={l.id} color="blue">
                    {l.name}
                  </Tag>
                ))}
              </Flex>
            ),
          },
          {
            key: 'actions',
            title: '',
            render: (_, app) => (
              <Space size={4}>
                <Button size="small" onClick={() => setTransferring(app)} data-testid={`manage-transfer-${app.name}`}>
                  {t('manage.transfer')}
                </Button>
                {mayLabel ? (
                  <Button size="small" onClick={() => setLabelling(app)} data-testid={`manage-label-${app.name}`}>
                    {t('manage.labels')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <Pagination size="small" current={page} pageSize={pageSize} total={apps.data?.total ?? 0} onChange={setPage} showSizeChanger={false} />
      <TransferModal key={transferring?.name ?? ''} app={transferring} onClose={() => setTransferring(null)} />
      <AppLabelsModal key={`labels-${labelling?.name ?? ''}`} app={labelling} onClose={() => setLabelling(null)} />
    </Flex>
  );
}
