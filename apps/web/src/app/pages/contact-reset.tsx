import { Card } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { ContactChangeForm } from '../../features/profile/components/contact-change-form';

/** /user-center/user/phone-reset/:telephone and /user-center/user/mail-reset/:email: change one's phone or e-mail. */
export function ContactResetPage({ kind }: { kind: 'email' | 'telephone' }) {
  const { t } = useTranslation('profile');
  const params = useParams();
  const navigate = useNavigate();
  const current = (kind === 'email' ? params.email : params.telephone) ?? null;
  return (
    <div data-testid={`${kind}-reset-page`}>
      <PageHeader title={kind === 'email' ? t('contact.emailTitle') : t('contact.phoneTitle')} subtitle={t('contact.subtitle')} />
      <Card style={{ maxWidth: 480 }}>
        <ContactChangeForm kind={kind} current={current && current !== '-' ? current : null} onDone={() => void navigate('/user-center/user-info')} />
      </Card>
    </div>
  );
}

export const PhoneResetPage = () => <ContactResetPage kind="telephone" />;
export const MailResetPage = () => <ContactResetPage kind="email" />;
