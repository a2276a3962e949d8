import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '../../features/account/components/change-password-form';
import { feedback } from '../../lib/feedback';
import { useSessionStore } from '../../lib/session-store';
import { AccountFrame } from '../account-frame';

/**
 * Spec §2 /reset-pwd (change login password): a route needing no login in the table, but changing a
 * password needs one, so a visitor without a token is sent to /login and comes back here.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation('register');
  const navigate = useNavigate();
  const loggedIn = useSessionStore((state) => state.token !== null);
  if (!loggedIn) return <Navigate to="/login?redirect=/reset-pwd" replace />;
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
