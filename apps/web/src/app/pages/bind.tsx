import { Button, Result, Skeleton } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasStatusBit, StatusBit } from '@starlight/contract/permissions';
import { useSelf } from '../../features/auth/api/get-self';
import { BindAccountForm } from '../../features/binding/components/bind-account-form';
import { BoundAccount } from '../../features/binding/components/bound-account';
import { useSessionStore } from '../../lib/session-store';
import { AccountFrame } from '../account-frame';
import { useSignOut } from '../session/use-sign-out';

/** Spec §2 /bind (no login needed to open it): binding needs a session, so a visitor is asked to sign in. */
export default function BindPage() {
  const { t } = useTranslation('binding');
  const token = useSessionStore((state) => state.token);
  const self = useSelf();
  const { signOut } = useSignOut();

  let body;
  if (!token)
    body = (
      <Result
        status="info"
        title={t('signInFirst')}
        extra={
          <Link to="/login?redirect=%2Fbind">
            <Button type="primary">{t('signIn')}</Button>
          </Link>
        }
        data-testid="bind-sign-in"
      />
    );
  else if (!self.data) body = <Skeleton active />;
  else if (hasStatusBit(self.data.status, StatusBit.boundAccount)) body = <BoundAccount account={self.data.system_account} />;
  else body = <BindAccountForm token={token} onBound={() => void signOut()} />;

  return (
    <AccountFrame title={t('title')} testId="bind-page" footer={<><span /><Link to="/">{t('home')}</Link></>}>
      {body}
    </AccountFrame>
  );
}
