import { LockOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';

/** The new password and its re-entry ('Inconsistent password entered twice'), shared by register, forgot and change. */
export function NewPasswordFields({ rule, label }: { rule: (path: 'password' | 'password_confirm') => Rule; label: 'password' | 'newPassword' }) {
  const { t } = useTranslation('register');
  return (
    <>
      <Form.Item name="password" label={t(`fields.${label}`)} rules={[rule('password')]} extra={t('fields.passwordHint')}>
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="field-password" />
      </Form.Item>
      <Form.Item name="password_confirm" label={t('fields.passwordConfirm')} dependencies={['password']} rules={[rule('password_confirm')]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="field-password-confirm" />
      </Form.Item>
    </>
  );
}
