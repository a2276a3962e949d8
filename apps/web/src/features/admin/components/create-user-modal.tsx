import { useState } from 'react';
import { Form, Input, Modal, Radio } from 'antd';
import { feedback } from '../../../lib/feedback';
import { useTranslation } from 'react-i18next';
import { adminValidationMessages, createUserInputSchema, type CreateUserInput } from '@starlight/contract/admin';
import { validationMessages } from '@starlight/contract/validators';
import { translateValidationMessage } from '../../../lib/validation-text';
import { toFieldErrors } from '@starlight/contract/envelope';
import { ApiError } from '../../../lib/api-error';
import { useCreateUser } from '../api/manage-users';

interface Values {
  user_name: string;
  real_name?: string;
  email?: string;
  telephone?: string;
  group_name?: string;
  mode: 'password' | 'invite';
  password?: string;
}

/** POST /user/user: an initial password, or an e-mail invitation with a generated one (spec §5 rules). */
export function CreateUserModal({ open, onClose, defaultGroup }: { open: boolean; onClose: () => void; defaultGroup?: string }) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<Values>();
  const mode = Form.useWatch('mode', form);
  const create = useCreateUser();
  const [busy, setBusy] = useState(false);

  const text = (m: string) =>
    m === adminValidationMessages.inviteNeedsEmail
      ? t('users.inviteNeedsEmail')
      : m === adminValidationMessages.passwordOrInvite
        ? t('users.passwordOrInvite')
        : translateValidationMessage(m, validationMessages);

  const submit = async (values: Values) => {
    const input: CreateUserInput = {
      user_name: values.user_name ?? '',
      real_name: values.real_name,
      email: values.email,
      telephone: values.telephone,
      group_name: values.group_name,
      password: values.mode === 'password' ? values.password : undefined,
      invite: values.mode === 'invite',
    };
    const checked = createUserInputSchema.safeParse(input);
    if (!checked.success) {
      form.setFields(toFieldErrors(checked.error.issues).map((f) => ({ name: f.path as keyof Values, errors: [text(f.message)] })));
      return;
    }
    setBusy(true);
    try {
      await create.mutateAsync(input);
      feedback().message.success(values.mode === 'invite' ? t('users.created.invited') : t('users.created.password'));
      form.resetFields();
      onClose();
    } catch (error) {
      // the api client has told the user; put field errors where they belong
      const fields = error instanceof ApiError ? (error.spec as { fields?: { path: string; message: string }[] } | null)?.fields : undefined;
      if (fields) form.setFields(fields.map((f) => ({ name: f.path.replace(/^body\./, '') as keyof Values, errors: [error instanceof ApiError ? error.info : f.message] })));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title={t('users.create')} okText={t('common.create')} cancelText={t('common.cancel')} confirmLoading={busy} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ mode: 'password', group_name: defaultGroup }} onFinish={(v) => void submit(v)} data-testid="create-user-form">
        <Form.Item name="user_name" label={t('users.columns.userName')} required>
          <Input autoComplete="off" data-testid="create-user-name" />
        </Form.Item>
        <Form.Item name="real_name" label={t('users.columns.realName')}>
          <Input />
        </Form.Item>
        <Form.Item name="email" label={t('users.columns.email')}>
          <Input type="email" />
        </Form.Item>
        <Form.Item name="telephone" label={t('users.columns.telephone')}>
          <Input inputMode="numeric" />
        </Form.Item>
        <Form.Item name="group_name" label={t('users.columns.group')}>
          <Input data-testid="create-user-group" />
        </Form.Item>
        <Form.Item name="mode" label={t('users.initialAccess')}>
          <Radio.Group options={[{ value: 'password', label: t('users.mode.password') }, { value: 'invite', label: t('users.mode.invite') }]} />
        </Form.Item>
        {mode !== 'invite' ? (
          <Form.Item name="password" label={t('users.password')} required extra={t('users.passwordRule')}>
            <Input.Password autoComplete="new-password" data-testid="create-user-password" />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
