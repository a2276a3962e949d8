import { useState } from 'react';
import { Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { resetPasswordFormSchema } from '@starlight/contract/verification';
import { feedback } from '../../../lib/feedback';
import { resetPassword } from '../api/reset-password';
import { sendResetCode } from '../api/send-code';
import { retryAfter, schemaRule, serverFieldErrors } from '../form-rules';
import { CodeButton } from './code-button';
import { ContactSwitch, type ContactKind } from './contact-switch';
import { NewPasswordFields } from './new-password-fields';

interface ForgotValues {
  email?: string;
  telephone?: string;
  verification_code?: string;
  password?: string;
  password_confirm?: string;
}

/**
 * Spec §2 /forgot-password, §5: a reset code by e-mail or phone, then the new password twice.
 * The code call answers the same whether or not the account exists (the server sends only to a
 * real one), so this form never says which addresses are registered.
 */
export function ForgotPasswordForm({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation('register');
  const [form] = Form.useForm<ForgotValues>();
  const [kind, setKind] = useState<ContactKind>('email');
  const [busy, setBusy] = useState(false);
  const rule = (...paths: string[]) => schemaRule(resetPasswordFormSchema, paths);
  const contactOf = (values: ForgotValues) =>
    kind === 'email' ? { email: String(values.email ?? '').trim() } : { telephone: String(values.telephone ?? '').trim() };

  const sendCode = async (): Promise<number | null> => {
    try {
      await form.validateFields([kind]);
    } catch {
      return null;
    }
    try {
      const sent = await sendResetCode(contactOf(form.getFieldsValue()));
      feedback().message.success(t('forgot.codeSent'));
      return sent.resend_after_s;
    } catch (error) {
      const fields = serverFieldErrors(error, 'verification_code', { email: kind, telephone: kind });
      if (fields) form.setFields(fields.map((field) => ({ ...field, name: field.name as keyof ForgotValues })));
      return retryAfter(error) ?? null;
    }
  };

  const submit = async (values: ForgotValues) => {
    setBusy(true);
    try {
      await resetPassword({ ...contactOf(values), verification_code: String(values.verification_code ?? '').trim(), password: values.password ?? '' });
      feedback().message.success(t('forgot.done'));
      onReset();
    } catch (error) {
      const fields = serverFieldErrors(error, 'verification_code', { email: kind, telephone: kind });
      if (fields) form.setFields(fields.map((field) => ({ ...field, name: field.name as keyof ForgotValues })));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} preserve={false} onFinish={(values) => void submit(values)} data-testid="forgot-form">
      <ContactSwitch kind={kind} onKindChange={setKind} rule={rule('email', 'telephone')} />
      <Form.Item label={t('code.label')} required>
        <Flex gap={8}>
          <Form.Item name="verification_code" noStyle rules={[rule('verification_code')]}>
            <Input placeholder={t('code.placeholder')} autoComplete="one-time-code" inputMode="numeric" maxLength={6} data-testid="field-code" />
          </Form.Item>
          <CodeButton onSend={sendCode} />
        </Flex>
      </Form.Item>
      <NewPasswordFields rule={rule} label="newPassword" />
      <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="forgot-submit">
        {t('forgot.submit')}
      </Button>
    </Form>
  );
}
