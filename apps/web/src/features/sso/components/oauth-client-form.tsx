import { useEffect } from 'react';
import { Checkbox, Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { oauthScopes, redirectUriProblem, type OauthClient, type OauthClientInput } from '@starlight/contract/sso';

interface OauthClientFormProps {
  open: boolean;
  /** null: registering a new site. */
  editing: OauthClient | null;
  saving: boolean;
  onSave: (input: OauthClientInput) => void;
  onCancel: () => void;
}

interface FormValues {
  name: string;
  type: 'public' | 'confidential';
  redirectUris: string;
  scopes: string[];
}

const splitLines = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean);

/** Register or edit a third-party site: name, public/confidential, redirect URIs (checked as the server does), scopes. */
export function OauthClientForm({ open, editing, saving, onSave, onCancel }: OauthClientFormProps) {
  const { t } = useTranslation('sso');
  const [form] = Form.useForm<FormValues>();

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      editing
        ? { name: editing.name, type: editing.public ? 'public' : 'confidential', redirectUris: editing.redirect_uris.join('\n'), scopes: editing.scopes }
        : { name: '', type: 'confidential', redirectUris: '', scopes: ['openid', 'profile', 'email'] },
    );
  }, [open, editing, form]);

  const submit = (values: FormValues) =>
    onSave({ name: values.name.trim(), public: values.type === 'public', redirect_uris: splitLines(values.redirectUris), scopes: values.scopes as OauthClientInput['scopes'] });

  return (
    <Modal
      open={open}
      title={editing ? t('admin.form.editTitle', { name: editing.name }) : t('admin.form.createTitle')}
      okText={t('admin.form.save')}
      cancelText={t('admin.form.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'oauth-client-save' } as Record<string, string>}
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} data-testid="oauth-client-form">
        <Form.Item name="name" label={t('admin.form.name')} rules={[{ required: true, whitespace: true, message: t('admin.form.required') }, { max: 64 }]}>
          <Input maxLength={64} data-testid="oauth-client-name" />
        </Form.Item>
        <Form.Item name="type" label={t('admin.form.type')} extra={t('admin.form.typeHelp')}>
          <Radio.Group
            options={[
              { value: 'confidential', label: t('admin.clients.confidential') },
              { value: 'public', label: t('admin.clients.public') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="redirectUris"
          label={t('admin.form.redirectUris')}
          extra={t('admin.form.redirectHelp')}
          rules={[
            { required: true, message: t('admin.form.required') },
            {
              validator: async (_rule, value: string | undefined) => {
                const lines = splitLines(value ?? '');
                if (lines.length > 10) throw new Error(t('admin.form.tooMany'));
                lines.forEach((line, index) => {
                  const problem = redirectUriProblem(line);
                  if (problem) throw new Error(t('admin.form.redirectInvalid', { line: index + 1, uri: line }));
                });
              },
            },
          ]}
        >
          <Input.TextArea rows={3} placeholder="https://app.example.com/callback" data-testid="oauth-client-redirects" />
        </Form.Item>
        <Form.Item name="scopes" label={t('admin.form.scopes')} rules={[{ required: true, message: t('admin.form.required') }]}>
          <Checkbox.Group options={oauthScopes.map((scope) => ({ value: scope, label: scope, disabled: scope === 'openid' }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
