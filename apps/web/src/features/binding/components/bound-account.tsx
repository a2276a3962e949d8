import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spec §4: a user whose status bit 1 is set has nothing to bind; the account is shown instead. */
export function BoundAccount({ account }: { account: string | null }) {
  const { t } = useTranslation('binding');
  return (
    <Result
      status="success"
      title={t('bound.title')}
      subTitle={account ? t('bound.account', { account }) : undefined}
      data-testid="bind-already"
      style={{ padding: '24px 0' }}
    />
  );
}
