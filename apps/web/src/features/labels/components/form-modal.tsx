import type { ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverFields } from './server-fields';

/**
 * The labels area's edit dialog: a vertical form in a modal whose OK button saves. `onSubmit` rejects to keep
 * the dialog open (a validation failure or a refused save); the form stays mounted so `form` is always connected.
 */
export function FormModal<V>({
  open,
  title,
  form,
  saving,
  onSubmit,
  onClose,
  testId,
  children,
}: {
  open: boolean;
  title: ReactNode;
  form: FormInstance<V>;
  saving: boolean;
  onSubmit: () => Promise<void>;
  onClose: () => void;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('labels');
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => void onSubmit().catch(() => undefined)}
      okText={t('save')}
      confirmLoading={saving}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" data-testid={testId}>
        {children}
      </Form>
    </Modal>
  );
}

/** Validate, save, close; a 1400/1409 naming one of `known` marks that field and keeps the dialog open. */
export async function saveOrMarkFields<V, N extends string>(form: FormInstance<V>, known: readonly N[], save: (values: V) => Promise<unknown>, onClose: () => void) {
  const values = await form.validateFields();
  try {
    await save(values);
    onClose();
  } catch (error) {
    const fields = serverFields(error, known);
    if (fields) form.setFields(fields as Parameters<FormInstance<V>['setFields']>[0]);
  }
}
