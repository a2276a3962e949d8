import { useEffect, type ReactNode } from 'react';
import { DatePicker, Form, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { formErrorsOf, type LimitFormValues } from '../quota-format';

export type LimitField = 'max_cpus' | 'max_time_minutes' | 'cpu_hours' | 'expires_at';

interface LimitsModalProps<T extends LimitFormValues> {
  open: boolean;
  title: ReactNode;
  initial: T;
  fields: readonly LimitField[];
  /** Form items before the limits (a group select, an "allowed" switch). */
  extra?: ReactNode;
  /** What an empty field means here (default: no limit). */
  emptyHint?: string;
  /** Buttons left of Cancel/OK (a revoke). */
  footerExtra?: ReactNode;
  onSubmit: (values: T) => Promise<unknown>;
  onClose: () => void;
  testId: string;
}

/** Edits limits (empty = no limit); a 1400 from the server lands on the field it names. */
export function LimitsModal<T extends LimitFormValues>({ open, title, initial, fields, extra, emptyHint, footerExtra, onSubmit, onClose, testId }: LimitsModalProps<T>) {
  const { t } = useTranslation('quotas');
  const [form] = Form.useForm<T>();
  useEffect(() => {
    if (open) form.setFieldsValue(initial as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, initial, form]);

  async function submit() {
    const values = await form.validateFields();
    try {
      await onSubmit(values);
      onClose();
    } catch (error) {
      const problems = formErrorsOf(error);
      if (problems.length > 0) form.setFields(problems as Parameters<typeof form.setFields>[0]);
    }
  }

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ 'data-testid': `${testId}-save` } as Record<`data-${string}`, string>}
      destroyOnHidden
      footer={(buttons) => (
        <>
          {footerExtra}
          {buttons}
        </>
      )}
    >
      <Form form={form} layout="vertical" data-testid={testId} preserve={false}>
        {extra}
        {fields.includes('max_cpus') ? (
          <Form.Item name="max_cpus" label={t('fields.maxCpus')} extra={emptyHint ?? t('hints.empty')}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid={`${testId}-max-cpus`} />
          </Form.Item>
        ) : null}
        {fields.includes('max_time_minutes') ? (
          <Form.Item name="max_time_minutes" label={t('fields.maxTime')}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid={`${testId}-max-time`} />
          </Form.Item>
        ) : null}
        {fields.includes('cpu_hours') ? (
          <Form.Item name="cpu_hours" label={t('fields.cpuHours')}>
            <InputNumber min={0} precision={2} style={{ width: '100%' }} data-testid={`${testId}-cpu-hours`} />
          </Form.Item>
        ) : null}
        {fields.includes('expires_at') ? (
          <Form.Item name="expires_at" label={t('fields.expiresAt')}>
            <DatePicker showTime style={{ width: '100%' }} data-testid={`${testId}-expires`} />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
