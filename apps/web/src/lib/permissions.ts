import { hasAnyPermission } from '@starlight/contract/permissions';
import { useSessionStore } from './session-store';

export { hasAnyPermission };

/** The held keys; [] until they are fetched. */
export function usePermissions(): readonly string[] {
  return useSessionStore((state) => state.permissions) ?? emptyList;
}

const emptyList: readonly string[] = [];

/** Spec §5: passes when the list is empty or any listed key is held. */
export function useHasAnyPermission(required: readonly string[] | undefined): boolean {
  return hasAnyPermission(required, usePermissions());
}
