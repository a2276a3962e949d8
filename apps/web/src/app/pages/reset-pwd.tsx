import { Link, useNavigate } from 'react-router';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '../../features/account/components/change-password-form';
import { ForgotPasswordForm } from '../../features/account/components/forgot-password-form';
import { feedback } from '../../lib/feedback';
import { useSessionStore } from '../../lib/session-store';
import { AccountFrame } from '../account-frame';

/**
 * Spec §2 /reset-pwd (change login password), a route needing no login. Signed in: the current and
 * a new password. Without a login it stays open: the password is reset with a code sent to the
 * account's e-mail or phone, and a link signs in to change it with the current one instead.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation('register');
  const navigate = useNavigate();
  const loggedIn = useSessionStore((state) => state.token !== null);
  if (!loggedIn) {
    return (
      <AccountFrame
        title={t('change.title')}
        testId="reset-pwd-page"
        footer={
          <>
            <Link to="/login?redirect=/reset-pwd" data-testid="reset-pwd-sign-in">
              {t('change.signIn')}
            </Link>
            <Link to="/login">{t('forgot.backToLogin')}</Link>
          </>
        }
      >
        <Typography.Paragraph type="secondary" data-testid="reset-pwd-by-code">
          {t('change.byCode')}
        </Typography.Paragraph>
        <ForgotPasswordForm onReset={() => void navigate('/login', { replace: true })} />
      </AccountFrame>
    );
  }
  return (
    <AccountFrame title={t('change.title')} testId="reset-pwd-page">
      <ChangePasswordForm
        onChanged={() => {
          feedback().message.success(t('change.done'));
          void navigate('/', { replace: true });
        }}
      />
    </AccountFrame>
  );
}
