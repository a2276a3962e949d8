import { Button, Empty, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { useSessionStore } from '../../../lib/session-store';
import { hasAnyPermission } from '../../../lib/permissions';

/** The keys that let a user see users and groups at all (the server's readers of /user/user and /user/groups). */
export const adminReaderKeys = ['query_all_user', 'manage_all_user', 'user_order_create_gadmin', 'community_3rd_admin'] as const;

/**
 * Whether the signed-in user administers anyone: 'pending' until the keys are known, 'none' for an
 * ordinary user (the pages then ask the server nothing and show {@link AdminScopeEmpty}).
 */
export function useAdminReach(extraKeys: readonly string[] = []): 'pending' | 'none' | 'reader' {
  const permissions = useSessionStore((state) => state.permissions);
  if (permissions === null) return 'pending';
  return hasAnyPermission([...adminReaderKeys, ...extraKeys], permissions) ? 'reader' : 'none';
}

/** A refusal (1403) the page explains itself instead of a toast. */
export const isForbidden = (error: unknown): boolean => error instanceof ApiError && error.code === 1403;

type Reason = 'noGroup' | 'notYourGroup' | 'notYourUser';

/**
 * The empty state of the user and group pages for someone outside their reach: an ordinary user
 * (no group administered) or a group admin who opened another group's page. Not an error: a
 * sentence saying why, and the way to their own account.
 */
export function AdminScopeEmpty({ reason, name }: { reason: Reason; name?: string }) {
  const { t } = useTranslation('admin');
  return (
    <Result
      icon={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={false} />}
      title={t(`scope.${reason}`, { name })}
      subTitle={t('scope.hint')}
      extra={
        <Link to="/user-center/user-info">
          <Button>{t('scope.myAccount')}</Button>
        </Link>
      }
      data-testid={`admin-scope-${reason}`}
    />
  );
}
