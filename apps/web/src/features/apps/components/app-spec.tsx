import { useState } from 'react';
import { Alert, Card, Col, Descriptions, Flex, Row, Select, Skeleton, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CwlPort, CwlType } from '@starlight/contract/cwl/inputs';
import { exportAppFile, useApp } from '../api/apps-api';
import { LaunchForm, type PathPicker } from './launch-form';

export function typeText(type: CwlType): string {
  switch (type.kind) {
    case 'array':
      return `${typeText(type.items)}[]`;
    case 'enum':
      return `enum(${type.symbols.join('|')})`;
    case 'record':
      return `record{${type.fields.map((f) => f.name).join(', ')}}`;
    case 'union':
      return type.types.some((t) => t.kind === 'null') && type.types.length === 2 ? `${typeText(type.types.find((t) => t.kind !== 'null')!)}?` : type.types.map(typeText).join(' | ');
    default:
      return type.kind;
  }
}

function Ports({ ports }: { ports: CwlPort[] }) {
  const { t } = useTranslation('apps');
  return (
    <Table
      size="small"
      rowKey="id"
      pagination={false}
      scroll={{ x: true }}
      dataSource={ports}
      columns={[
        { title: t('spec.port'), dataIndex: 'id', render: (id: string, p) => <span>{p.label ? `${p.label} (${id})` : id}</span> },
        { title: t('spec.type'), key: 'type', render: (_, p) => <code>{typeText(p.type as CwlType)}</code> },
        { title: t('spec.default'), key: 'default', responsive: ['md'], render: (_, p) => (p.default === undefined ? '' : <code>{JSON.stringify(p.default)}</code>) },
        { title: t('spec.doc'), dataIndex: 'doc', responsive: ['lg'] },
      ]}
    />
  );
}

/** /app/spec/:appname: documentation, inputs and outputs, the CWL text, and the launch form. */
export function AppSpec({ name, picker }: { name: string; picker: PathPicker }) {
  const { t } = useTranslation('apps');
  const [version, setVersion] = useState<number | undefined>();
  const app = useApp(name, version);
  if (app.isLoading) return <Skeleton active />;
  if (!app.data) return <Alert type="error" showIcon title={app.error?.message ?? t('spec.notFound')} />;
  const a = app.data;
  return (
    <Row gutter={[16, 16]} data-testid="app-spec">
      <Col xs={24} xl={14}>
        <Card size="small">
          <Flex gap={12} align="center" wrap>
            <span aria-hidden style={{ fontSize: 32 }}>
              {a.icon.startsWith('data:image') ? <img src={a.icon} alt="" width={40} height={40} /> : a.icon || '📦'}
            </span>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {a.title}
            </Typography.Title>
            <Tag>{t(`class.${a.class}`, { defaultValue: a.class })}</Tag>
            {a.labels.map((l) => (
              <Tag key={l.id} color="blue">
                {l.name}
              </Tag>
            ))}
          </Flex>
          <Typography.Paragraph style={{ marginTop: 12, whiteSpace: 'pre-wrap' }}>{a.description}</Typography.Paragraph>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label={t('spec.name')}>{a.name}</Descriptions.Item>
            <Descriptions.Item label={t('spec.owner')}>{a.owner_kind === 'platform' ? t('owner.platform') : a.owner_user_name}</Descriptions.Item>
            <Descriptions.Item label={t('spec.version')}>
              <Select size="small" value={a.version.version} onChange={setVersion} options={a.versions.map((v) => ({ value: v, label: `v${v}` }))} style={{ width: 90 }} />
            </Descriptions.Item>
            <Descriptions.Item label={t('spec.export')}>
              <Typography.Link data-testid="app-export" onClick={() => void exportAppFile(a.name, a.version.version, a.version.main_file).catch(() => undefined)}>
                {a.version.main_file}
              </Typography.Link>
            </Descriptions.Item>
          </Descriptions>
          <Tabs
            items={[
              { key: 'inputs', label: t('spec.inputs'), children: <Ports ports={a.version.inputs as CwlPort[]} /> },
              { key: 'outputs', label: t('spec.outputs'), children: <Ports ports={a.version.outputs as CwlPort[]} /> },
              {
                key: 'cwl',
                label: 'CWL',
                children: (
                  <pre style={{ maxHeight: 480, overflow: 'auto', background: 'rgba(0,0,0,0.04)', padding: 12, fontSize: 12 }} data-testid="app-cwl">
                    {a.version.cwl}
                  </pre>
                ),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card size="small" title={t('launch.title')}>
          <LaunchForm key={a.version.version} app={a} picker={picker} />
        </Card>
      </Col>
    </Row>
  );
}
