import { Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasStatusBit, StatusBit } from '@starlight/contract/permissions';
import type { UserInfo } from '@starlight/contract/users';
import { formatDate } from '../../../lib/format';

const orDash = (value: string | null | undefined) => (value && value.trim() !== '' ? value : '-');

/** The signed-in user's own record, as GET /user/user/self returns it. */
export function AccountCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation('dashboard');
  const bound = hasStatusBit(user.status, StatusBit.boundAccount);
  return (
    <Card title={t('account.title')} data-testid="dashboard-account">
      <Descriptions column={{ xs: 1, sm: 1, md: 2 }} size="small">
        <Descriptions.Item label={t('account.userName')}>{user.user_name}</Descriptions.Item>
        <Descriptions.Item label={t('account.realName')}>{orDash(user.real_name)}</Descriptions.Item>
        <Descriptions.Item label={t('account.email')}>{orDash(user.email)}</Descriptions.Item>
        <Descriptions.Item label={t('account.telephone')}>{orDash(user.telephone)}</Descriptions.Item>
        <Descriptions.Item label={t('account.group')}>{orDash(user.group_name)}</Descriptions.Item>
        <Descriptions.Item label={t('account.systemAccount')}>
          <span data-testid="dashboard-bound" data-bound={String(bound)}>
            {bound ? (
              <Tag color="success">{t('account.bound', { account: user.system_account ?? '' })}</Tag>
            ) : (
              <Tag color="warning">{t('account.notBound')}</Tag>
            )}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('account.createdAt')}>{formatDate(user.created_at)}</Descriptions.Item>
        <Descriptions.Item label={t('account.lastLoginAt')}>{formatDate(user.last_login_at)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
