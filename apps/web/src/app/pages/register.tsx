import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RegisterForm } from '../../features/account/components/register-form';
import { AccountFrame } from '../account-frame';

/** Spec §2 /register → /register-success. */
export default function RegisterPage() {
  const { t } = useTranslation('register');
  const navigate = useNavigate();
  return (
    <AccountFrame
      title={t('register.title')}
      testId="register-page"
      footer={
        <>
          <span />
          <Link to="/login">{t('register.haveAccount')}</Link>
        </>
      }
    >
      <RegisterForm onRegistered={(userName) => void navigate('/register-success', { replace: true, state: { userName } })} />
    </AccountFrame>
  );
}
