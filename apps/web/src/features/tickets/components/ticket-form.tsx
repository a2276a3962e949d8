import { useState } from 'react';
import { Button, Card, Form, Input, Select, Space, Typography, Upload } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { attachmentMaxBytes, attachmentsPerTicket, ticketCategories, type TicketCategory } from '@starlight/contract/tickets';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { feedback } from '../../../lib/feedback';
import { uploadForTicket, useCreateTicket } from '../api/tickets';

interface FormValues {
  category: TicketCategory;
  cluster?: string;
  job_id?: string;
  title: string;
  body: string;
  storagePaths?: string;
}

/**
 * /ticket/create: category, cluster, the related job, title, a rich-text body and attachments — files from
 * the computer (put into the user's storage first) or paths already in their storage.
 */
export function TicketForm() {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const create = useCreateTicket();
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);

  async function submit(values: FormValues) {
    setBusy(true);
    try {
      const typed = (values.storagePaths ?? '').split('\n').map((p) => p.trim()).filter(Boolean);
      const uploaded = [];
      for (const file of files) uploaded.push(await uploadForTicket(file));
      const ticket = await create.mutateAsync({
        category: values.category,
        cluster: values.cluster?.trim() || null,
        job_id: values.job_id?.trim() || null,
        title: values.title,
        body: values.body,
        attachments: [...uploaded, ...typed].map((path) => ({ path })),
      });
      feedback().message.success(t('form.created', { id: ticket.id }));
      void navigate(`/ticket/detail/${ticket.id}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card style={{ maxWidth: 820 }}>
      <Form<FormValues> layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ category: 'job' }} data-testid="ticket-form">
        <Form.Item name="category" label={t('fields.category')} rules={[{ required: true }]}>
          <Select options={ticketCategories.map((c) => ({ value: c, label: t(`categories.${c}`) }))} data-testid="ticket-category" />
        </Form.Item>
        <Space wrap style={{ width: '100%' }} styles={{ item: { flex: '1 1 200px' } }}>
          <Form.Item name="cluster" label={t('fields.cluster')}>
            <Input maxLength={64} data-testid="ticket-cluster" />
          </Form.Item>
          <Form.Item name="job_id" label={t('fields.job')} extra={t('form.jobHelp')}>
            <Input maxLength={64} data-testid="ticket-job" />
          </Form.Item>
        </Space>
        <Form.Item name="title" label={t('fields.title')} rules={[{ required: true, whitespace: true, message: t('form.titleRequired') }]}>
          <Input maxLength={200} data-testid="ticket-title" />
        </Form.Item>
        <Form.Item name="body" label={t('fields.body')} rules={[{ required: true, message: t('form.bodyRequired') }]}>
          <RichTextEditor testId="ticket-body" placeholder={t('fields.body')} />
        </Form.Item>
        <Form.Item label={t('fields.attachments')} extra={t('form.attachmentsHelp', { count: attachmentsPerTicket, mb: attachmentMaxBytes / 1024 / 1024 })}>
          <Upload
            multiple
            fileList={files.map((f, i) => ({ uid: String(i), name: f.name, size: f.size, status: 'done' as const }))}
            beforeUpload={(file) => {
              if (file.size > attachmentMaxBytes) feedback().message.error(t('form.tooLarge', { name: file.name }));
              else setFiles((list) => [...list, file].slice(0, attachmentsPerTicket));
              return false;
            }}
            onRemove={(f) => setFiles((list) => list.filter((_, i) => String(i) !== f.uid))}
          >
            <Button icon={<PaperClipOutlined />} data-testid="ticket-attach">
              {t('form.attach')}
            </Button>
          </Upload>
        </Form.Item>
        <Form.Item name="storagePaths" label={t('form.storagePaths')} extra={t('form.storagePathsHelp')}>
          <Input.TextArea rows={2} data-testid="ticket-storage-paths" placeholder="slurm-1234.err" />
        </Form.Item>
        <Typography.Paragraph type="secondary">{t('form.privacy')}</Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="ticket-submit">
          {t('form.submit')}
        </Button>
      </Form>
    </Card>
  );
}
