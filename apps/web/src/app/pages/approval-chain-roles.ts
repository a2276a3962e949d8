import { useTranslation } from 'react-i18next';
import { useRoles } from '../../features/admin/api/get-roles';
import { useHasAnyPermission } from '../../lib/permissions';

/** The roles an approval chain may name, for a reader who may list roles (query_role); others see ids. */
export function useChainRoles() {
  const { t } = useTranslation('approvals');
  const mayList = useHasAnyPermission(['query_role']);
  const roles = useRoles(mayList).data ?? [];
  const roleName = (id: number) => roles.find((r) => r.id === id)?.name ?? t('chains.roleId', { id });
  return { roles, roleName };
}
