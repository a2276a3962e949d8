import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasStatusBit, StatusBit } from '@starlight/contract/permissions';
import { PageHeader } from '../../components/page-header';
import { useSelf } from '../../features/auth/api/get-self';
import { BindAccountForm } from '../../features/binding/components/bind-account-form';
import { BoundAccount } from '../../features/binding/components/bound-account';
import { useSessionStore } from '../../lib/session-store';
import { useSignOut } from '../session/use-sign-out';

/** /user-center/bind-account: the same handshake as /bind, inside the shell. */
export default function BindAccountPage() {
  const { t } = useTranslation('binding');
  const token = useSessionStore((state) => state.token);
  const self = useSelf();
  const { signOut } = useSignOut();
  const bound = self.data ? hasStatusBit(self.data.status, StatusBit.boundAccount) : false;

  return (
    <div data-testid="bind-account-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Card style={{ maxWidth: 560 }}>
        {!self.data || !token ? (
          <Skeleton active />
        ) : bound ? (
          <BoundAccount account={self.data.system_account} />
        ) : (
          <BindAccountForm token={token} onBound={() => void signOut()} />
        )}
      </Card>
    </div>
  );
}
