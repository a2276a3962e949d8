import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Card, Flex, Input, InputNumber, Modal, Select, Table, Tag } from 'antd';
import { dataSourceKinds, type DataSource, type DataSourceCreate, type Transfer } from '@starlight/contract/udm';
import { useCreateSource, useSources, useStartSource, useTransfers } from '../api/udm-api';
import { TransferProgress } from './transfer-progress';

const blank: DataSourceCreate = { name: '', kind: 'sftp', host: '', port: 22, username: '', secret: '', remote_path: '', target_path: 'incoming', bandwidth_limit: '' };

/** /udm/udm [create_start_datasource]: data sources, starting them, and the transfers with their progress. */
export function Sources() {
  const { t } = useTranslation('udm');
  const sources = useSources();
  const transfers = useTransfers();
  const create = useCreateSource();
  const start = useStartSource();
  const [form, setForm] = useState<DataSourceCreate | null>(null);
  const field = (name: keyof DataSourceCreate, label: string, secret = false) => {
    const Component = secret ? Input.TextArea : Input;
    return form ? <Component placeholder={label} aria-label={label} value={String(form[name] ?? '')} onChange={(e) => setForm({ ...form, [name]: e.target.value })} /> : null;
  };
  return (
    <Flex vertical gap={16} data-testid="udm-sources">
      <Card size="small" title={t('sources.title')} extra={<Button type="primary" onClick={() => setForm(blank)}>{t('sources.new')}</Button>}>
        <Table<DataSource>
          rowKey="id"
          size="small"
          loading={sources.isLoading}
          dataSource={sources.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('sources.name'), dataIndex: 'name' },
            { title: t('sources.kind'), dataIndex: 'kind', render: (k: string) => <Tag>{k}</Tag> },
            { title: t('sources.address'), key: 'address', render: (_: unknown, s) => `${s.username ? `${s.username}@` : ''}${s.host}:${s.port}${s.remote_path ? ` ${s.remote_path}` : ''}` },
            { title: t('sources.target'), dataIndex: 'target_path' },
            { title: '', key: 'start', render: (_: unknown, s) => <Button size="small" loading={start.isPending && start.variables === s.id} onClick={() => start.mutate(s.id)} data-testid={`start-${s.id}`}>{t('sources.start')}</Button> },
          ]}
        />
      </Card>
      <Card size="small" title={t('transfers.title')}>
        <Table<Transfer>
          rowKey="id"
          size="small"
          loading={transfers.isLoading}
          dataSource={transfers.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: '#', dataIndex: 'id', render: (id: number) => <Link to={`/udm/detail2/${id}`}>{id}</Link> },
            { title: t('sources.name'), dataIndex: 'source_name' },
            { title: t('transfers.state'), dataIndex: 'state', render: (s: string) => t(`states.${s}`) },
            { title: t('transfers.progress'), key: 'progress', width: 260, render: (_: unknown, tr) => <TransferProgress transfer={tr} /> },
            { title: t('transfers.checksums'), dataIndex: 'checksum_ok', render: (ok: boolean | null) => (ok === null ? '-' : ok ? t('transfers.match') : t('transfers.mismatch')) },
          ]}
        />
      </Card>
      <Modal open={form !== null} title={t('sources.new')} confirmLoading={create.isPending} onCancel={() => setForm(null)} onOk={() => form && create.mutate(form, { onSuccess: () => setForm(null) })}>
        {form ? (
          <Flex vertical gap={8}>
            {field('name', t('sources.name'))}
            <Select aria-label={t('sources.kind')} value={form.kind} options={dataSourceKinds.map((k) => ({ value: k, label: k }))} onChange={(kind) => setForm({ ...form, kind, port: kind === 'sftp' ? 22 : 443 })} />
            <Flex gap={8}>
              {field('host', t('sources.host'))}
              <InputNumber aria-label={t('sources.port')} min={1} max={65535} value={form.port} onChange={(port) => setForm({ ...form, port: port ?? 22 })} />
            </Flex>
            {field('username', t('sources.username'))}
            {field('secret', t('sources.secret'), true)}
            {field('remote_path', t('sources.remotePath'))}
            {field('target_path', t('sources.target'))}
            {field('bandwidth_limit', t('sources.bwlimit'))}
          </Flex>
        ) : null}
      </Modal>
    </Flex>
  );
}
