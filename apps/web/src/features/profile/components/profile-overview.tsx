import { useState } from 'react';
import { Button, Card, Descriptions, Flex, Form, Input, Modal, Tag, Typography } from 'antd';
import { CloudOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@starlight/contract/users';
import { feedback } from '../../../lib/feedback';
import { updateSelf, useSaveUserProfile, useUserProfile, useUserStatus } from '../api/account';
import { bindCloudAccount } from '../api/cloud';
import type { ContactKind } from '../api/contact';
import { firstProblem } from '../api/problems';
import { AvatarUpload } from './avatar-upload';
import { ContactChangeForm } from './contact-change-form';
import { VerificationStatus } from './verification-status';

/** Avatar, names, contacts (changed in code dialogs), verification, status bits and the profile card. */
export function ProfileOverview({ user }: { user: UserInfo }) {
  const { t } = useTranslation('profile');
  const [changing, setChanging] = useState<ContactKind | null>(null);
  const status = useUserStatus();
  const [realName, setRealName] = useState<string | null>(null);

  const saveRealName = async () => {
    if (realName === null) return;
    try {
      await updateSelf({ real_name: realName.trim() });
      setRealName(null);
      feedback().message.success(t('overview.saved'));
    } catch (error) {
      feedback().message.error(firstProblem(error).text);
    }
  };

  const bindCloud = async () => {
    await bindCloudAccount().catch(() => undefined);
    await status.refetch();
  };

  /** An e-mail address or phone number with its "change" link (the change runs in a code dialog). */
  const contact = (value: string | null, kind: ContactKind, testId: 'email' | 'phone') => (
    <Flex gap={4} align="center" wrap>
      <span data-testid={`profile-${testId}`}>{value ?? t('contact.none')}</span>
      <Button type="link" size="small" onClick={() => setChanging(kind)} data-testid={`change-${testId}`}>
        {t('overview.change')}
      </Button>
    </Flex>
  );

  return (
    <Card data-testid="profile-overview">
      <Flex gap={24} wrap align="flex-start">
        <AvatarUpload avatar={user.avatar} />
        <Flex vertical gap={8} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="profile-user-name">
            {user.user_name}
          </Typography.Title>
          <VerificationStatus user={user} />
          <Descriptions column={1} size="small" styles={{ label: { width: 120 } }}>
            <Descriptions.Item label={t('overview.realName')}>
              {realName === null ? (
                <Flex gap={4} align="center">
                  <span data-testid="profile-real-name">{user.real_name || '-'}</span>
                  <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setRealName(user.real_name ?? '')} aria-label={t('overview.edit')} data-testid="real-name-edit" />
                </Flex>
              ) : (
                <Flex gap={4} wrap>
                  <Input size="small" value={realName} maxLength={40} onChange={(event) => setRealName(event.target.value)} style={{ width: 180 }} data-testid="real-name-input" />
                  <Button size="small" type="primary" onClick={() => void saveRealName()} data-testid="real-name-save">
                    {t('overview.save')}
                  </Button>
                  <Button size="small" onClick={() => setRealName(null)}>
                    {t('overview.cancel')}
                  </Button>
                </Flex>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('overview.email')}>{contact(user.email, 'email', 'email')}</Descriptions.Item>
            <Descriptions.Item label={t('overview.phone')}>{contact(user.telephone, 'telephone', 'phone')}</Descriptions.Item>
            <Descriptions.Item label={t('overview.group')}>{user.group_name ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('overview.systemAccount')}>
              {status.data?.bound ? <Tag color="success">{user.system_account}</Tag> : <Tag>{t('overview.unbound')}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={t('overview.cloud')}>
              {status.data?.cloud_bound ? (
                <Tag color="processing" icon={<CloudOutlined />} data-testid="cloud-bound">
                  {t('overview.cloudBound')}
                </Tag>
              ) : (
                <Button size="small" icon={<CloudOutlined />} onClick={() => void bindCloud()} data-testid="bind-cloud">
                  {t('overview.bindCloud')}
                </Button>
              )}
            </Descriptions.Item>
          </Descriptions>
        </Flex>
      </Flex>
      <ProfileCardForm />
      <Modal
        open={changing !== null}
        title={changing === 'email' ? t('contact.emailTitle') : t('contact.phoneTitle')}
        footer={null}
        onCancel={() => setChanging(null)}
        destroyOnHidden
        width={440}
      >
        {changing ? <ContactChangeForm kind={changing} current={changing === 'email' ? user.email : user.telephone} onDone={() => setChanging(null)} /> : null}
      </Modal>
    </Card>
  );
}

/** The profile card others see (organization, title, bio). */
function ProfileCardForm() {
  const { t } = useTranslation('profile');
  const profile = useUserProfile();
  const save = useSaveUserProfile();
  if (!profile.data) return null;
  return (
    <Form
      layout="vertical"
      initialValues={{ organization: profile.data.organization, title: profile.data.title, bio: profile.data.bio }}
      onFinish={(values: { organization: string; title: string; bio: string }) =>
        save.mutate(values, {
          onSuccess: () => feedback().message.success(t('overview.saved')),
          onError: (error) => feedback().message.error(firstProblem(error).text),
        })
      }
      style={{ marginTop: 16, maxWidth: 640 }}
      data-testid="profile-card-form"
    >
      <Flex gap={12} wrap>
        <Form.Item name="organization" label={t('card.organization')} style={{ flex: '1 1 220px' }}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="title" label={t('card.title')} style={{ flex: '1 1 160px' }}>
          <Input maxLength={60} />
        </Form.Item>
      </Flex>
      <Form.Item name="bio" label={t('card.bio')}>
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <Button htmlType="submit" loading={save.isPending}>
        {t('card.save')}
      </Button>
    </Form>
  );
}
