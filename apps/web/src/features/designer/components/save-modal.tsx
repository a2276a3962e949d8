import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { resourceNameSchema } from '@starlight/contract/validators';

/** Names a new app on its first save (spec §5 resource-name rule, the same schema as the server). */
export function SaveModal({ open, saving, onCancel, onSave }: { open: boolean; saving: boolean; onCancel: () => void; onSave: (name: string, title: string) => void }) {
  const { t } = useTranslation('designer');
  const [form] = Form.useForm<{ name: string; title: string }>();
  return (
    <Modal open={open} title={t('save.newTitle')} confirmLoading={saving} onCancel={onCancel} onOk={() => void form.validateFields().then((v) => onSave(v.name, v.title))} destroyOnHidden>
      <Form form={form} layout="vertical">
        <Form.Item name="name" label={t('save.name')} rules={[{ validator: async (_, v) => void resourceNameSchema.parse(v ?? '') }]}>
          <Input data-testid="designer-save-name" />
        </Form.Item>
        <Form.Item name="title" label={t('save.title')}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
