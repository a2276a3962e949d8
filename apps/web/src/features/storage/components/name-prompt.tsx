import { useEffect, useState } from 'react';
import { Input, Modal } from 'antd';

export interface NamePromptState {
  title: string;
  label: string;
  initial: string;
  onSubmit: (value: string) => Promise<void>;
}

/** One text field in a dialog (new folder, rename, copy to); the dialog stays open when the call fails. */
export function NamePrompt({ prompt, onClose }: { prompt: NamePromptState | null; onClose: () => void }) {
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => setValue(prompt?.initial ?? ''), [prompt]);
  const submit = async () => {
    if (!prompt || value.trim() === '') return;
    setBusy(true);
    try {
      await prompt.onSubmit(value.trim());
      onClose();
    } catch {
      // the API client has told the user; keep the dialog for a correction
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={prompt !== null} title={prompt?.title} onCancel={onClose} onOk={() => void submit()} confirmLoading={busy} destroyOnHidden>
      <label>
        {prompt?.label}
        <Input autoFocus value={value} onChange={(e) => setValue(e.target.value)} onPressEnter={() => void submit()} data-testid="name-input" style={{ marginTop: 8 }} />
      </label>
    </Modal>
  );
}
