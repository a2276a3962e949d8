import { useEffect } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { transferClientPlatforms, type TransferClientPlatform } from '@starlight/contract/labels';
import { useSaveTransferClient, type TransferClient } from '../api/link-settings';
import { FormModal } from './form-modal';

type Values = { version: string } & Partial<Record<TransferClientPlatform, string>>;

/** A version becomes part of setting names (transclient-{version}-{platform}): kept to a plain token. */
export const versionPattern = /^[0-9A-Za-z][0-9A-Za-z._+-]{0,39}$/;

/** Administrators (manage_label) set the version and the link per platform; they are `link` labels. */
export function TransferClientModal({ open, current, onClose }: { open: boolean; current: TransferClient | undefined; onClose: () => void }) {
  const { t } = useTranslation('labels');
  const [form] = Form.useForm<Values>();
  const save = useSaveTransferClient();
  useEffect(() => {
    if (!open) return;
    const values: Values = { version: current?.version?.description ?? '' };
    for (const link of current?.links ?? []) values[link.platform] = link.label?.description ?? '';
    form.setFieldsValue(values);
  }, [open, current, form]);

  const submit = async () => {
    const values = await form.validateFields();
    const urls: Partial<Record<TransferClientPlatform, string>> = {};
    for (const platform of transferClientPlatforms) urls[platform] = values[platform] ?? '';
    await save.mutateAsync({ version: values.version.trim(), urls });
    onClose();
  };

  return (
    <FormModal open={open} title={t('transfer.editLinks')} form={form} saving={save.isPending} onSubmit={submit} onClose={onClose} testId="transfer-links-form">
      <Form.Item
        name="version"
        label={t('transfer.version')}
        extra={t('transfer.versionHint')}
        rules={[{ required: true, message: t('rules.required') }, { pattern: versionPattern, message: t('rules.version') }]}
      >
        <Input data-testid="transfer-version" />
      </Form.Item>
      {transferClientPlatforms.map((platform) => (
        <Form.Item key={platform} name={platform} label={t(`transfer.platforms.${platform}`)} rules={[{ type: 'url', message: t('rules.url') }]}>
          <Input placeholder="https://" data-testid={`transfer-url-${platform}`} />
        </Form.Item>
      ))}
    </FormModal>
  );
}
