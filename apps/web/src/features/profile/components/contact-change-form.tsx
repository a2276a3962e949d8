import { useEffect, useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { emailModifyCodeInputSchema, telephoneModifyCodeInputSchema } from '@starlight/contract/profile';
import { feedback } from '../../../lib/feedback';
import { modifyContact, sendModifyCode, type ContactKind } from '../api/contact';
import { firstProblem } from '../api/problems';

interface ContactValues {
  value?: string;
  code?: string;
}

/**
 * Change the e-mail or the phone: a code goes to the NEW address, the change needs it (used in the
 * user-info dialogs and on the phone-reset / mail-reset pages).
 */
export function ContactChangeForm({ kind, current, onDone }: { kind: ContactKind; current: string | null; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const [form] = Form.useForm<ContactValues>();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const schema = kind === 'email' ? emailModifyCodeInputSchema.shape.email : telephoneModifyCodeInputSchema.shape.telephone;

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const fail = (error: unknown) => {
    const { field, text } = firstProblem(error);
    form.setFields([{ name: field === 'verification_code' ? 'code' : 'value', errors: [text] }]);
  };

  const send = async () => {
    const value = (form.getFieldValue('value') as string | undefined)?.trim() ?? '';
    try {
      await form.validateFields(['value']);
    } catch {
      return;
    }
    setSending(true);
    try {
      const sent = await sendModifyCode(kind, value);
      setLeft(sent.resend_after_s);
      feedback().message.success(t(kind === 'email' ? 'contact.sentEmail' : 'contact.sentPhone'));
    } catch (error) {
      fail(error);
    } finally {
      setSending(false);
    }
  };

  const submit = async ({ value = '', code = '' }: ContactValues) => {
    setBusy(true);
    try {
      await modifyContact(kind, value.trim(), code.trim());
      feedback().message.success(t(kind === 'email' ? 'contact.emailChanged' : 'contact.phoneChanged'));
      form.resetFields();
      onDone();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)} data-testid={`contact-form-${kind}`}>
      <Form.Item label={t(kind === 'email' ? 'contact.currentEmail' : 'contact.currentPhone')}>
        <Input value={current ?? t('contact.none')} disabled data-testid="contact-current" />
      </Form.Item>
      <Form.Item
        name="value"
        label={t(kind === 'email' ? 'contact.newEmail' : 'contact.newPhone')}
        rules={[
          { required: true, message: t('contact.required') },
          {
            validator: async (_rule, value: string | undefined) => {
              if (value && !schema.safeParse(value.trim()).success) throw new Error(t(kind === 'email' ? 'contact.badEmail' : 'contact.badPhone'));
            },
          },
        ]}
      >
        <Input autoComplete={kind === 'email' ? 'email' : 'tel'} inputMode={kind === 'email' ? 'email' : 'tel'} data-testid="contact-new" />
      </Form.Item>
      <Form.Item label={t('contact.code')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="code" noStyle rules={[{ required: true, message: t('contact.codeRequired') }]}>
            <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" data-testid="contact-code" />
          </Form.Item>
          <Button onClick={() => void send()} loading={sending} disabled={left > 0} data-testid="contact-send-code" style={{ minWidth: 120 }}>
            {left > 0 ? t('contact.resendIn', { seconds: left }) : t('contact.sendCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="contact-submit">
        {t('contact.submit')}
      </Button>
    </Form>
  );
}
