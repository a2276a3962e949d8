import { useEffect, useRef, useState } from 'react';
import { AutoComplete, Form, Modal } from 'antd';
import { feedback } from '../../../lib/feedback';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { searchUserNames } from '../api/switch-user';

/** Spec §9: the remote user search waits 200 ms after the last keystroke. */
export const userSearchDelayMs = 200;

interface SwitchUserDialogProps {
  open: boolean;
  onClose: () => void;
  /** Performs the switch (saves the base token, replaces the session token, reloads). */
  onSwitch: (userName: string) => Promise<void>;
}

/** Spec §4/§5: pick a user by part of the name; the name is required ('用户名不能为空'). */
export function SwitchUserDialog({ open, onClose, onSwitch }: SwitchUserDialogProps) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<{ user_name: string }>();
  const [options, setOptions] = useState<{ value: string }[]>([]);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inflight = useRef<AbortController | null>(null);

  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (text: string) => {
    clearTimeout(timer.current);
    if (text.trim() === '') return setOptions([]);
    timer.current = setTimeout(() => {
      inflight.current?.abort();
      const controller = new AbortController();
      inflight.current = controller;
      searchUserNames(text, controller.signal)
        .then((users) => setOptions(users.map((u) => ({ value: u.user_name }))))
        .catch(() => setOptions([]));
    }, userSearchDelayMs);
  };

  const submit = async ({ user_name }: { user_name: string }) => {
    setBusy(true);
    try {
      await onSwitch(user_name.trim());
    } catch (error) {
      feedback().notification.error({ title: t('switch.failed'), description: error instanceof ApiError ? error.info : String(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('switch.title')}
      okText={t('switch.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={420}
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} data-testid="switch-user-form">
        <Form.Item name="user_name" label={t('switch.userName')} rules={[{ required: true, whitespace: true, message: t('switch.required') }]}>
          <AutoComplete options={options} onSearch={search} placeholder={t('switch.placeholder')} data-testid="switch-user-input" allowClear />
        </Form.Item>
      </Form>
    </Modal>
  );
}
