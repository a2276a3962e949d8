import { useState } from 'react';
import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from './new-password-fields';
import { changePasswordFormSchema } from '@starlight/contract/verification';
import { changePassword } from '../api/change-password';
import { schemaRule, serverFieldErrors } from '../form-rules';

interface ChangeValues {
  old_password?: string;
  password?: string;
  password_confirm?: string;
}

/** Spec §2 /reset-pwd: the current password, the new one twice. The server keeps this session and ends the others. */
export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation('register');
  const [form] = Form.useForm<ChangeValues>();
  const [busy, setBusy] = useState(false);
  const rule = (path: string) => schemaRule(changePasswordFormSchema, [path]);

  const submit = async (values: ChangeValues) => {
    setBusy(true);
    try {
      await changePassword({ old_password: values.old_password ?? '', password: values.password ?? '' });
      onChanged();
    } catch (error) {
      const fields = serverFieldErrors(error, 'old_password');
      if (fields) form.setFields(fields.map((field) => ({ ...field, name: field.name as keyof ChangeValues })));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)} data-testid="change-password-form">
      <Form.Item name="old_password" label={t('fields.oldPassword')} rules={[rule('old_password')]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="field-old-password" />
      </Form.Item>
      <NewPasswordFields rule={rule} label="newPassword" />
      <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="change-password-submit">
        {t('change.submit')}
      </Button>
    </Form>
  );
}
