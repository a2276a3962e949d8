import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Popconfirm, Progress, Radio, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { renderTemplate, templateChannels, templateSampleValues, templateVariables, type MessageTemplate, type TemplateInput } from '@starlight/contract/message-templates';
import { RichHtml } from '../../../components/rich-html';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { formatDate } from '../../../lib/format';
import { useDeleteTemplate, useRecipientOptions, useSaveTemplate, useSendState, useStartSend, useTemplates } from '../api/templates';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A template with the sample values, through the one sanitised renderer (SMS: plain text). */
export function TemplatePreview({ template }: { template: Pick<TemplateInput, 'channel' | 'title' | 'content'> }) {
  const { t } = useTranslation('messages');
  return (
    <div data-testid="template-preview">
      <Typography.Text type="secondary">{t('templates.previewHint')}</Typography.Text>
      <Typography.Title level={5} data-testid="template-preview-title">
        {renderTemplate(template.title, templateSampleValues)}
      </Typography.Title>
      {template.channel === 'sms' ? (
        <Typography.Paragraph data-testid="template-preview-text">{renderTemplate(template.content, templateSampleValues)}</Typography.Paragraph>
      ) : (
        <RichHtml html={renderTemplate(template.content, templateSampleValues, escape)} testId="template-preview-html" />
      )}
    </div>
  );
}

function VariableList() {
  const { t } = useTranslation('messages');
  return (
    <Space size={4} wrap data-testid="template-variables">
      <Typography.Text type="secondary">{t('templates.variables')}</Typography.Text>
      {templateVariables.map((v) => (
        <Tag key={v}>{`{{${v}}}`}</Tag>
      ))}
    </Space>
  );
}

function TemplateEditor({ template, onClose }: { template: MessageTemplate | null; onClose: () => void }) {
  const { t } = useTranslation('messages');
  const [form] = Form.useForm<TemplateInput>();
  const save = useSaveTemplate();
  const values = Form.useWatch([], form) as Partial<TemplateInput> | undefined;
  const channel = values?.channel ?? template?.channel ?? 'in_app';
  const [error, setError] = useState<string | null>(null);
  const submit = async (input: TemplateInput) => {
    setError(null);
    try {
      await save.mutateAsync({ ...(template ? { id: template.id } : {}), input });
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Modal open width={820} title={template ? t('templates.edit') : t('templates.create')} onCancel={onClose} onOk={() => form.submit()} okText={t('templates.save')} cancelText={t('center.cancel')} okButtonProps={{ loading: save.isPending, 'data-testid': 'template-save' } as never} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={template ?? { channel: 'in_app', name: '', title: '', content: '' }} onFinish={(v) => void submit(v)}>
        <Form.Item name="name" label={t('templates.name')} rules={[{ required: true }]}>
          <Input data-testid="template-name" maxLength={64} />
        </Form.Item>
        <Form.Item name="channel" label={t('templates.channel')} rules={[{ required: true }]}>
          <Select data-testid="template-channel" options={templateChannels.map((c) => ({ value: c, label: t(`templates.channels.${c}`) }))} />
        </Form.Item>
        <Form.Item name="title" label={t('templates.titleField')} rules={[{ required: true }]}>
          <Input data-testid="template-title" maxLength={200} />
        </Form.Item>
        <VariableList />
        <Form.Item name="content" label={t('templates.content')} rules={[{ required: true }]} style={{ marginTop: 8 }}>
          {channel === 'sms' ? <Input.TextArea data-testid="template-sms" rows={4} maxLength={500} /> : <RichTextEditor key={template?.id ?? 'new'} testId="template-editor" />}
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon message={error} data-testid="template-error" style={{ marginBottom: 12 }} />}
      <TemplatePreview template={{ channel, title: values?.title ?? template?.title ?? '', content: values?.content ?? template?.content ?? '' }} />
    </Modal>
  );
}

type Target = 'users' | 'groups' | 'communities' | 'everyone';

function SendDialog({ template, onClose }: { template: MessageTemplate; onClose: () => void }) {
  const { t } = useTranslation('messages');
  const [target, setTarget] = useState<Target>('users');
  const [chosen, setChosen] = useState<number[]>([]);
  const [search, setSearch] = useState('');
  const [cluster, setCluster] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sendId, setSendId] = useState<number | null>(null);
  const options = useRecipientOptions(target === 'everyone' ? 'users' : target, search);
  const start = useStartSend();
  const state = useSendState(sendId);
  const needsCluster = template.variables.includes('cluster');
  const send = async () => {
    setError(null);
    const audience = target === 'everyone' ? { everyone: true as const } : { [target === 'users' ? 'user_ids' : target === 'groups' ? 'group_ids' : 'community_ids']: chosen };
    try {
      const started = await start.mutateAsync({ template_id: template.id, ...audience, values: needsCluster && cluster.trim() ? { cluster: cluster.trim() } : {} });
      setSendId(started.id);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  const progress = state.data;
  return (
    <Modal
      open
      title={t('templates.sendTitle', { name: template.name })}
      onCancel={onClose}
      footer={
        sendId === null ? (
          <Button type="primary" data-testid="template-send-start" loading={start.isPending} disabled={target !== 'everyone' && chosen.length === 0} onClick={() => void send()}>
            {t('templates.send')}
          </Button>
        ) : (
          <Button onClick={onClose}>{t('templates.close')}</Button>
        )
      }
    >
      {sendId === null ? (
        <Flex vertical gap={12}>
          <Radio.Group
            value={target}
            onChange={(e) => {
              setTarget(e.target.value as Target);
              setChosen([]);
              setSearch('');
            }}
            data-testid="template-send-target"
          >
            {(['users', 'groups', 'communities', 'everyone'] as const).map((v) => (
              <Radio.Button key={v} value={v} data-testid={`send-target-${v}`}>
                {t(`templates.targets.${v}`)}
              </Radio.Button>
            ))}
          </Radio.Group>
          {target !== 'everyone' && (
            <Select
              mode="multiple"
              showSearch={{ filterOption: false, onSearch: setSearch }}
              value={chosen}
              onChange={setChosen}
              options={options.data ?? []}
              loading={options.isFetching}
              placeholder={t('templates.choose')}
              data-testid="template-send-recipients"
            />
          )}
          {needsCluster && <Input value={cluster} onChange={(e) => setCluster(e.target.value)} placeholder={t('templates.cluster', { variable: '{{cluster}}' })} data-testid="template-send-cluster" />}
          {error && <Alert type="error" showIcon message={error} data-testid="template-send-error" />}
        </Flex>
      ) : (
        <div data-testid="template-send-progress" data-state={progress?.state ?? 'pending'}>
          <Progress percent={progress && progress.total > 0 ? Math.floor((progress.delivered * 100) / progress.total) : progress?.state === 'done' ? 100 : 0} status={progress?.state === 'done' ? 'success' : 'active'} />
          <Typography.Text>{t('templates.progress', { delivered: progress?.delivered ?? 0, total: progress?.total ?? 0 })}</Typography.Text>
        </div>
      )}
    </Modal>
  );
}

/** Template admin (manage_message_template): list, create and edit with the shared editor, preview, send with progress. */
export function MessageTemplates() {
  const { t } = useTranslation('messages');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [name, setName] = useState('');
  const list = useTemplates(page, pageSize, name);
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<MessageTemplate | null | undefined>(undefined);
  const [previewing, setPreviewing] = useState<MessageTemplate | null>(null);
  const [sending, setSending] = useState<MessageTemplate | null>(null);
  const columns: ColumnsType<MessageTemplate> = [
    { title: t('templates.name'), dataIndex: 'name', render: (text: string) => <span data-testid="template-row-name">{text}</span> },
    { title: t('templates.channel'), dataIndex: 'channel', width: 110, render: (c: MessageTemplate['channel']) => <Tag>{t(`templates.channels.${c}`)}</Tag> },
    { title: t('templates.variables'), dataIndex: 'variables', responsive: ['md'], render: (vs: string[]) => vs.map((v) => <Tag key={v}>{v}</Tag>) },
    { title: t('center.time'), dataIndex: 'updated_at', width: 170, responsive: ['sm'], render: (time: string) => formatDate(time) },
    {
      title: t('center.actions'),
      key: 'actions',
      width: 260,
      render: (_, row) => (
        <Space size={4} wrap>
          <Button size="small" type="link" data-testid="template-preview-open" onClick={() => setPreviewing(row)}>
            {t('templates.preview')}
          </Button>
          <Button size="small" type="link" data-testid="template-edit" onClick={() => setEditing(row)}>
            {t('templates.edit')}
          </Button>
          {row.channel !== 'sms' && (
            <Button size="small" type="link" data-testid="template-send" onClick={() => setSending(row)}>
              {t('templates.send')}
            </Button>
          )}
          <Popconfirm title={t('templates.deleteConfirm')} okText={t('center.delete')} cancelText={t('center.cancel')} onConfirm={() => remove.mutateAsync(row.id)}>
            <Button size="small" type="link" danger data-testid="template-delete">
              {t('center.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <div data-testid="message-templates">
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search allowClear placeholder={t('templates.search')} style={{ maxWidth: 260 }} onSearch={(v) => (setName(v), setPage(1))} data-testid="template-search" />
        <Button type="primary" data-testid="template-create" onClick={() => setEditing(null)}>
          {t('templates.create')}
        </Button>
      </Flex>
      <Table<MessageTemplate>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        pagination={{ current: page, pageSize, total: list.data?.total ?? 0, showSizeChanger: true, onChange: (p, s) => (setPage(p), setPageSize(s)) }}
      />
      {editing !== undefined && <TemplateEditor template={editing} onClose={() => setEditing(undefined)} />}
      {previewing && (
        <Modal open title={previewing.name} footer={null} onCancel={() => setPreviewing(null)}>
          <TemplatePreview template={previewing} />
        </Modal>
      )}
      {sending && <SendDialog template={sending} onClose={() => setSending(null)} />}
    </div>
  );
}
