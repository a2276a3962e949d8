import { useRef, useState } from 'react';
import { SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { registerFormSchema } from '@starlight/contract/validators';
import { feedback } from '../../../lib/feedback';
import { register } from '../api/register';
import { sendRegisterCode } from '../api/send-code';
import { useDelivery } from '../api/get-delivery';
import { retryAfter, schemaRule, serverFieldErrors } from '../form-rules';
import { CaptchaImage } from './captcha-image';
import { CodeButton } from './code-button';
import { ContactSwitch, type ContactKind } from './contact-switch';
import { useCaptcha } from './use-captcha';
import { NewPasswordFields } from './new-password-fields';

interface RegisterFormValues {
  email?: string;
  telephone?: string;
  captcha_answer?: string;
  verification_code?: string;
  user_name?: string;
  password?: string;
  password_confirm?: string;
  agreement?: boolean;
}

/**
 * Spec §2 /register, §5 Register: e-mail or phone, a code sent behind a solved captcha, user name,
 * password twice, the agreement. Every field is checked by the contract's registerFormSchema — the
 * schema the server applies — and the server's refusals (1409 registered, wrong code) land on their fields.
 */
export function RegisterForm({ onRegistered }: { onRegistered: (userName: string) => void }) {
  const { t } = useTranslation(['register', 'validation']);
  const [form] = Form.useForm<RegisterFormValues>();
  const [kind, setKind] = useState<ContactKind>('email');
  const [busy, setBusy] = useState(false);
  const { captcha, refresh } = useCaptcha();
  const delivery = useDelivery();
  // no SMTP (e-mail) or SMS provider: the code waits in the administrators' outbox
  const viaOutbox = (kind === 'email' ? delivery?.email : delivery?.sms) === 'outbox';
  // The captcha solved when the code was sent: the register call names it (captcha_token).
  const captchaToken = useRef('');
  const rule = (...paths: string[]) => schemaRule(registerFormSchema, paths, () => ({ captcha_token: captchaToken.current }));

  const sendCode = async (): Promise<number | null> => {
    try {
      await form.validateFields([kind]);
    } catch {
      return null;
    }
    const answer = String(form.getFieldValue('captcha_answer') ?? '').trim();
    if (!answer || !captcha) {
      form.setFields([{ name: 'captcha_answer', errors: [t('validation:captchaRequired')] }]);
      return null;
    }
    const address = String(form.getFieldValue(kind) ?? '').trim();
    try {
      const sent = await sendRegisterCode({ [kind]: address, captcha_id: captcha.id, captcha_answer: answer });
      captchaToken.current = captcha.id;
      form.setFields([{ name: 'captcha_answer', value: '', errors: [] }]);
      feedback().message.success(t(viaOutbox ? 'code.sentOutbox' : kind === 'email' ? 'code.sentEmail' : 'code.sentPhone'));
      return sent.resend_after_s;
    } catch (error) {
      const fields = serverFieldErrors(error, 'verification_code', { email: kind, telephone: kind });
      if (fields) form.setFields(fields.map((field) => ({ ...field, name: field.name as keyof RegisterFormValues })));
      return retryAfter(error) ?? null;
    } finally {
      refresh(); // a captcha is used once, right or wrong
    }
  };

  const submit = async (values: RegisterFormValues) => {
    setBusy(true);
    try {
      const { captcha_answer: _answer, ...rest } = values;
      const created = await register(
        registerFormSchema.parse({ ...rest, agreement: Boolean(values.agreement), captcha_token: captchaToken.current }),
      );
      onRegistered(created.user_name);
    } catch (error) {
      const fields = serverFieldErrors(error, 'verification_code', { captcha_token: 'captcha_answer' });
      if (fields) form.setFields(fields.map((field) => ({ ...field, name: field.name as keyof RegisterFormValues })));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} preserve={false} onFinish={(values) => void submit(values)} data-testid="register-form">
      <ContactSwitch kind={kind} onKindChange={setKind} rule={rule('email', 'telephone')} />
      {viaOutbox ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t(kind === 'email' ? 'code.outboxEmail' : 'code.outboxPhone')} data-testid="register-outbox-note" /> : null}
      <Form.Item label={t('captcha.label')} required>
        <Flex gap={8}>
          <Form.Item name="captcha_answer" noStyle rules={[rule('captcha_token')]}>
            <Input prefix={<SafetyOutlined />} placeholder={t('captcha.placeholder')} autoComplete="off" maxLength={20} data-testid="field-captcha" />
          </Form.Item>
          <CaptchaImage captcha={captcha} onRefresh={refresh} />
        </Flex>
      </Form.Item>
      <Form.Item label={t('code.label')} required>
        <Flex gap={8}>
          <Form.Item name="verification_code" noStyle rules={[rule('verification_code')]}>
            <Input placeholder={t('code.placeholder')} autoComplete="one-time-code" inputMode="numeric" maxLength={6} data-testid="field-code" />
          </Form.Item>
          <CodeButton onSend={sendCode} />
        </Flex>
      </Form.Item>
      <Form.Item name="user_name" label={t('fields.userName')} rules={[rule('user_name')]} extra={t('fields.userNameHint')}>
        <Input prefix={<UserOutlined />} autoComplete="username" data-testid="field-user-name" />
      </Form.Item>
      <NewPasswordFields rule={rule} label="password" />
      <Form.Item name="agreement" valuePropName="checked" rules={[rule('agreement')]}>
        <Checkbox data-testid="field-agreement">{t('fields.agreement')}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="register-submit">
        {t('register.submit')}
      </Button>
    </Form>
  );
}
