import { useEffect } from 'react';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { labelDescriptionMax, labelTypeNamePattern, type LabelType } from '@starlight/contract/labels';
import { useSaveLabelType } from '../api/manage-labels';
import { FormModal, saveOrMarkFields } from './form-modal';

interface Values {
  name: string;
  description: string;
}

/** Create (editing === 'new') or edit a label type; stays open with the field marked when the server refuses. */
export function LabelTypeModal({ editing, onClose }: { editing: LabelType | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation('labels');
  const [form] = Form.useForm<Values>();
  const save = useSaveLabelType();
  useEffect(() => {
    if (editing) form.setFieldsValue(editing === 'new' ? { name: '', description: '' } : { name: editing.name, description: editing.description });
  }, [editing, form]);

  const submit = () =>
    saveOrMarkFields(form, ['name', 'description'] as const, (values) => save.mutateAsync({ id: editing === 'new' || editing === null ? undefined : editing.id, values }), onClose);

  return (
    <FormModal
      open={editing !== null}
      title={editing === 'new' ? t('types.add') : t('types.edit')}
      form={form}
      saving={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="label-type-form"
    >
      <Form.Item
        name="name"
        label={t('fields.name')}
        rules={[{ required: true, message: t('rules.required') }, { pattern: labelTypeNamePattern, message: t('rules.typeName') }]}
      >
        <Input autoFocus data-testid="label-type-name" />
      </Form.Item>
      <Form.Item name="description" label={t('fields.description')} rules={[{ max: labelDescriptionMax, message: t('rules.descriptionMax', { max: labelDescriptionMax }) }]}>
        <Input.TextArea rows={3} data-testid="label-type-description" />
      </Form.Item>
    </FormModal>
  );
}
