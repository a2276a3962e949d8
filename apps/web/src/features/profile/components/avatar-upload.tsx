import { useEffect, useRef, useState } from 'react';
import { Avatar, Button, Flex, Modal, Typography } from 'antd';
import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { avatarLimits } from '@starlight/contract/profile';
import { avatarUrl } from '../../../lib/avatar';
import { feedback } from '../../../lib/feedback';
import { uploadAvatar } from '../api/account';

/** Picks an image, previews it, uploads it on confirmation. Type and size are checked here and again (by magic bytes) on the server. */
export function AvatarUpload({ avatar }: { avatar: string | null }) {
  const { t } = useTranslation('profile');
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (chosen: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!chosen) return;
    if (!(avatarLimits.types as readonly string[]).includes(chosen.type)) return setProblem(t('avatar.wrongType'));
    if (chosen.size > avatarLimits.maxBytes) return setProblem(t('avatar.tooBig'));
    setProblem(null);
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  };

  const close = () => {
    setFile(null);
    setPreview(null);
  };

  const save = async () => {
    if (!file) return;
    setBusy(true);
    try {
      await uploadAvatar(file);
      feedback().message.success(t('avatar.saved'));
      close();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex vertical align="center" gap={8}>
      <Avatar size={96} src={avatarUrl(avatar)} icon={<UserOutlined />} data-testid="profile-avatar" />
      <input ref={input} type="file" accept={avatarLimits.types.join(',')} hidden onChange={(event) => choose(event.target.files?.[0])} data-testid="avatar-input" />
      <Button size="small" icon={<CameraOutlined />} onClick={() => input.current?.click()} data-testid="avatar-choose">
        {t('avatar.change')}
      </Button>
      {problem ? (
        <Typography.Text type="danger" data-testid="avatar-error">
          {problem}
        </Typography.Text>
      ) : null}
      <Modal
        open={file !== null}
        title={t('avatar.previewTitle')}
        okText={t('avatar.save')}
        cancelText={t('common:actions.cancel', { defaultValue: t('avatar.cancel') })}
        onOk={() => void save()}
        onCancel={close}
        confirmLoading={busy}
        okButtonProps={{ 'data-testid': 'avatar-save' } as Record<string, string>}
        width={360}
      >
        <Flex vertical align="center" gap={8}>
          {preview ? <Avatar size={128} src={preview} data-testid="avatar-preview" /> : null}
          <Typography.Text type="secondary">{file?.name}</Typography.Text>
        </Flex>
      </Modal>
    </Flex>
  );
}
