import { useEffect } from 'react';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { labelDescriptionMax, labelNamePattern, type Label, type LabelType } from '@starlight/contract/labels';
import { useSaveLabel } from '../api/manage-labels';
import { FormModal, saveOrMarkFields } from './form-modal';

interface Values {
  name: string;
  description: string;
  label_type_id: number;
}

export type LabelEditing = { label: Label } | { typeId: number | undefined } | null;

/** Create or edit a label of a type; for `link` labels the description is the setting's value. */
export function LabelModal({ editing, types, onClose }: { editing: LabelEditing; types: readonly LabelType[]; onClose: () => void }) {
  const { t } = useTranslation('labels');
  const [form] = Form.useForm<Values>();
  const save = useSaveLabel();
  useEffect(() => {
    if (!editing) return;
    if ('label' in editing) form.setFieldsValue({ name: editing.label.name, description: editing.label.description, label_type_id: editing.label.label_type_id });
    else form.setFieldsValue({ name: '', description: '', ...(editing.typeId ? { label_type_id: editing.typeId } : {}) });
  }, [editing, form]);

  const submit = () =>
    saveOrMarkFields(form, ['name', 'description', 'label_type_id'] as const, (values) => save.mutateAsync({ id: editing && 'label' in editing ? editing.label.id : undefined, values }), onClose);

  return (
    <FormModal
      open={editing !== null}
      title={editing && 'label' in editing ? t('labels.edit') : t('labels.add')}
      form={form}
      saving={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="label-form"
    >
      <Form.Item name="label_type_id" label={t('fields.type')} rules={[{ required: true, message: t('rules.required') }]}>
        <Select
          data-testid="label-type-select"
          options={types.map((type) => ({ value: type.id, label: type.name }))}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('fields.name')}
        rules={[{ required: true, message: t('rules.required') }, { pattern: labelNamePattern, message: t('rules.labelName') }]}
      >
        <Input data-testid="label-name" />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('fields.valueOrDescription')}
        extra={t('fields.valueHint')}
        rules={[{ max: labelDescriptionMax, message: t('rules.descriptionMax', { max: labelDescriptionMax }) }]}
      >
        <Input.TextArea rows={3} data-testid="label-description" />
      </Form.Item>
    </FormModal>
  );
}
