import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ForgotPasswordForm } from '../../features/account/components/forgot-password-form';
import { AccountFrame } from '../account-frame';

/** Spec §2 /forgot-password: a code by e-mail or phone, a new password, then /login. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('register');
  const navigate = useNavigate();
  return (
    <AccountFrame
      title={t('forgot.title')}
      testId="forgot-password-page"
      footer={
        <>
          <Link to="/register">{t('forgot.register')}</Link>
          <Link to="/login">{t('forgot.backToLogin')}</Link>
        </>
      }
    >
      <ForgotPasswordForm onReset={() => void navigate('/login', { replace: true })} />
    </AccountFrame>
  );
}
