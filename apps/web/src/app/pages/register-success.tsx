import { Button, Result } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AccountFrame } from '../account-frame';

/** Spec §2 /register-success: the account exists; next, sign in. */
export default function RegisterSuccessPage() {
  const { t } = useTranslation('register');
  const userName = (useLocation().state as { userName?: string } | null)?.userName;
  return (
    <AccountFrame title={t('success.title')} testId="register-success-page">
      <Result
        status="success"
        title={t('success.heading')}
        subTitle={userName ? t('success.named', { userName }) : t('success.text')}
        extra={
          <Link to="/login">
            <Button type="primary" data-testid="register-success-login">
              {t('success.login')}
            </Button>
          </Link>
        }
      />
    </AccountFrame>
  );
}
