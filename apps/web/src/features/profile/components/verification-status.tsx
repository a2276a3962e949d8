import { Alert, Tag } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export type Verified = 'both' | 'email' | 'phone' | 'none';

/** Spec §4 account verification display: by e-mail, by phone, by both, or none. */
export function verifiedBy(user: { email: string | null; telephone: string | null }): Verified {
  return user.email && user.telephone ? 'both' : user.email ? 'email' : user.telephone ? 'phone' : 'none';
}

/** The verification display: a green tag, or a warning when the account has no verified contact. */
export function VerificationStatus({ user }: { user: { email: string | null; telephone: string | null } }) {
  const { t } = useTranslation('profile');
  const verified = verifiedBy(user);
  if (verified === 'none')
    return <Alert type="warning" showIcon title={t('verification.none')} data-testid="verification-status" data-verified="none" />;
  return (
    <Tag color="success" icon={<CheckCircleOutlined />} style={{ alignSelf: 'flex-start' }} data-testid="verification-status" data-verified={verified}>
      {t(`verification.${verified}`)}
    </Tag>
  );
}
