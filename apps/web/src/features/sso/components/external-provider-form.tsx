import { useEffect } from 'react';
import { Button, Divider, Form, Input, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { externalPresets, type ExternalKind, type ExternalProvider, type ExternalProviderInput } from '@starlight/contract/sso';

interface ExternalProviderFormProps {
  kind: ExternalKind | null;
  existing: ExternalProvider | null;
  saving: boolean;
  onSave: (kind: ExternalKind, input: ExternalProviderInput) => void;
  onCancel: () => void;
}

type FormValues = Omit<ExternalProviderInput, 'issuer' | 'userinfo_endpoint' | 'jwks_uri' | 'client_secret'> & {
  issuer?: string | null;
  userinfo_endpoint?: string | null;
  jwks_uri?: string | null;
  client_secret?: string;
};

const blankToNull = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : null);
const urlRule = { pattern: /^https?:\/\/\S+$/, message: 'http(s)://…' };

/** A sign-in provider's settings, starting from the WeChat or OpenID Connect preset. */
export function ExternalProviderForm({ kind, existing, saving, onSave, onCancel }: ExternalProviderFormProps) {
  const { t } = useTranslation('sso');
  const [form] = Form.useForm<FormValues>();
  const preset = kind ? externalPresets[kind] : null;

  useEffect(() => {
    if (!kind || !preset) return;
    form.resetFields();
    form.setFieldsValue(existing ? { ...existing, client_secret: '' } : { ...preset, client_id: '', client_secret: '' });
  }, [kind, existing, preset, form]);

  const submit = (values: FormValues) => {
    if (!kind) return;
    const { client_secret: secret, ...rest } = values;
    onSave(kind, {
      ...rest,
      issuer: blankToNull(values.issuer),
      userinfo_endpoint: blankToNull(values.userinfo_endpoint),
      jwks_uri: blankToNull(values.jwks_uri),
      ...(secret ? { client_secret: secret } : {}),
    });
  };

  const required = { required: true, whitespace: true, message: t('admin.form.required') };
  const p = 'admin.providerForm';
  return (
    <Modal
      open={kind !== null}
      width={640}
      title={kind ? t(`${p}.title`, { kind: t(`admin.providers.${kind}`) }) : ''}
      okText={t(`${p}.save`)}
      cancelText={t(`${p}.cancel`)}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'external-provider-save' } as Record<string, string>}
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="name" label={t(`${p}.name`)} rules={[required]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="enabled" label={t(`${p}.enabled`)} valuePropName="checked">
          <Switch />
        </Form.Item>
        {kind === 'oidc' ? (
          <Form.Item name="issuer" label={t(`${p}.issuer`)} rules={[urlRule]}>
            <Input placeholder="https://idp.example.com" />
          </Form.Item>
        ) : null}
        <Form.Item name="authorization_endpoint" label={t(`${p}.authorizationEndpoint`)} rules={[required, urlRule]}>
          <Input />
        </Form.Item>
        <Form.Item name="token_endpoint" label={t(`${p}.tokenEndpoint`)} rules={[required, urlRule]}>
          <Input />
        </Form.Item>
        <Form.Item name="userinfo_endpoint" label={t(`${p}.userinfoEndpoint`)} rules={[urlRule]}>
          <Input />
        </Form.Item>
        {kind === 'oidc' ? (
          <Form.Item name="jwks_uri" label={t(`${p}.jwksUri`)} rules={[required, urlRule]}>
            <Input />
          </Form.Item>
        ) : null}
        <Form.Item name="client_id" label={t(`${p}.clientId`)} rules={[required]}>
          <Input />
        </Form.Item>
        <Form.Item name="client_secret" label={t(`${p}.clientSecret`)} extra={existing?.has_secret ? t(`${p}.secretKeep`) : undefined} rules={existing?.has_secret ? [] : [required]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="scopes" label={t(`${p}.scopes`)} rules={[required]}>
          <Input />
        </Form.Item>
        <Divider titlePlacement="start">{t(`${p}.claims`)}</Divider>
        {(['subject', 'userName', 'email', 'emailVerified', 'realName'] as const).map((claim) => (
          <Form.Item key={claim} name={['claims', claim]} label={t(`${p}.${claim}`)} rules={[required]}>
            <Input />
          </Form.Item>
        ))}
        <Form.Item name="link_by_email" label={t(`${p}.linkByEmail`)} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="create_users" label={t(`${p}.createUsers`)} valuePropName="checked">
          <Switch />
        </Form.Item>
        {preset ? (
          <Button type="link" onClick={() => form.setFieldsValue({ ...preset })} style={{ padding: 0 }}>
            {t(`${p}.preset`)}
          </Button>
        ) : null}
      </Form>
    </Modal>
  );
}
